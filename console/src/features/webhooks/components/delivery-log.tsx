import type { WebhookDelivery, WebhookEndpoint } from '@trawl/sdk';
import useSWR from 'swr';
import { Button } from '../../../components/ui/button';
import { RefreshIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast/toast-store';
import { formatDate, timeAgo } from '../../../lib/dates';
import { reportFailure } from '../../../lib/report-failure';
import { useTrawl } from '../../../lib/session';

const BADGES: Record<WebhookDelivery['status'], string> = {
  succeeded: 'badge badge--success',
  pending: 'badge badge--running',
  failed: 'badge badge--danger',
};
function label(d: WebhookDelivery): string {
  if (d.status === 'succeeded') return 'Delivered';
  if (d.status === 'failed') return 'Failed';
  return d.attempts > 0 && d.lastResponseCode !== null ? 'Retrying' : 'Sending';
}

/** An endpoint's latest deliveries (status, attempts, response code, time), each with Redeliver. */
export function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const trawl = useTrawl();
  const { data, mutate } = useSWR(
    ['webhook-deliveries', endpoint.id],
    () => trawl.webhooks.deliveries(endpoint.id, { limit: 25 }),
    {
      // While something is still being sent, the log follows it.
      refreshInterval: (latest) => (latest?.some((d) => d.status === 'pending') ? 1500 : 0),
      onError: (err: unknown) => reportFailure('loadWebhookDeliveries', err),
    },
  );

  const redeliver = async (delivery: WebhookDelivery) => {
    try {
      const queued = await trawl.webhooks.redeliver(endpoint.id, delivery.id);
      // Shown at once, then read back: the refresh interval follows it while it is being sent.
      await mutate((list) => [queued, ...(list ?? [])]);
      toast.success(`${delivery.event} queued for redelivery`);
    } catch (err: unknown) {
      reportFailure('redeliverWebhook', err);
    }
  };

  if (!data)
    return (
      <div className="token-list__loading">
        <Skeleton width="50%" />
        <Skeleton width="70%" />
      </div>
    );
  return (
    <div className="delivery-log">
      <div className="delivery-log__header">
        <h3 className="delivery-log__title">Deliveries</h3>
        <Button size="sm" variant="ghost" icon={<RefreshIcon />} onClick={() => void mutate()}>
          Refresh
        </Button>
      </div>
      {data.length === 0 ? (
        <p className="muted delivery-log__empty">No deliveries yet. Events are sent as crawls run.</p>
      ) : (
        <div className="table-wrap">
          <table className="table delivery-table" aria-label={`Deliveries to ${endpoint.url}`}>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Response</th>
                <th scope="col" className="hide-mobile">
                  Time
                </th>
                <th scope="col" className="table__actions">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((d) => (
                <tr key={d.id}>
                  <td>
                    <code>{d.event}</code>
                  </td>
                  <td>
                    <span className={BADGES[d.status]} title={d.lastError ?? undefined}>
                      {label(d)}
                    </span>
                  </td>
                  <td>{d.attempts}</td>
                  <td title={d.lastError ?? undefined}>
                    {d.lastResponseCode ?? <span className="muted">{d.lastError ? 'No answer' : '-'}</span>}
                  </td>
                  <td className="nowrap hide-mobile" title={formatDate(d.createdAt)}>
                    {timeAgo(d.createdAt)}
                  </td>
                  <td className="table__actions">
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={!endpoint.enabled}
                      aria-label={`Redeliver ${d.event} ${d.id}`}
                      onClick={() => void redeliver(d)}
                    >
                      Redeliver
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
