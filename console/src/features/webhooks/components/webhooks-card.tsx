import type { CreatedWebhookEndpoint, WebhookEndpoint } from '@trawl/sdk';
import { useState } from 'react';
import useSWR from 'swr';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { LinkIcon, PlusIcon, TrashIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast/toast-store';
import { useProjects } from '../../../lib/current-project';
import { fieldMessage, reportFailure } from '../../../lib/report-failure';
import { useTrawl } from '../../../lib/session';
import { CreatedWebhookModal } from './created-webhook-modal';
import { DeliveryLog } from './delivery-log';

type WebhookEvent = WebhookEndpoint['events'][number];
const EVENTS: Array<{ event: WebhookEvent; label: string }> = [
  { event: 'crawl.started', label: 'Crawl started' },
  { event: 'crawl.page', label: 'Pages stored' },
  { event: 'crawl.completed', label: 'Crawl completed' },
  { event: 'crawl.failed', label: 'Crawl failed or aborted' },
  { event: 'crawl.changed', label: 'Pages changed' },
];

/** The project's webhook endpoints: add one (its secret shown once), turn it off and on, delete it, see its deliveries. */
export function WebhooksCard() {
  const trawl = useTrawl();
  const { current } = useProjects();
  const { data, error, mutate } = useSWR(['webhooks', current.id], () => trawl.webhooks.list(), {
    onError: (err: unknown) => reportFailure('loadWebhooks', err),
  });
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['crawl.completed', 'crawl.failed']);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [eventsError, setEventsError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  const create = async (event: React.FormEvent) => {
    event.preventDefault();
    const missingUrl = url.trim() ? null : 'URL is required';
    const missingEvents = events.length ? null : 'Choose at least one event';
    setUrlError(missingUrl);
    setEventsError(missingEvents);
    if (missingUrl || missingEvents) return;
    setCreating(true);
    try {
      const endpoint = await trawl.webhooks.create({ url: url.trim(), events });
      await mutate((list) => [...(list ?? []), endpoint], { revalidate: false });
      setCreated(endpoint);
      setUrl('');
    } catch (err: unknown) {
      const message = fieldMessage(err, 'url');
      if (message) setUrlError(message);
      else reportFailure('createWebhook', err);
    } finally {
      setCreating(false);
    }
  };

  const setEnabled = async (endpoint: WebhookEndpoint, enabled: boolean) => {
    // The switch moves at once; a failed call puts it back.
    const put = (next: WebhookEndpoint) =>
      mutate((list) => list?.map((e) => (e.id === next.id ? next : e)), { revalidate: false });
    await put({ ...endpoint, enabled });
    try {
      await put(await trawl.webhooks.update(endpoint.id, { enabled }));
    } catch (err: unknown) {
      await put(endpoint);
      reportFailure('updateWebhook', err);
    }
  };

  const remove = async (endpoint: WebhookEndpoint) => {
    try {
      await trawl.webhooks.delete(endpoint.id);
      await mutate((list) => list?.filter((e) => e.id !== endpoint.id), { revalidate: false });
      toast.success('Webhook endpoint deleted');
    } catch (err: unknown) {
      reportFailure('deleteWebhook', err);
      return false;
    }
  };

  const toggleEvent = (event: WebhookEvent, on: boolean) => {
    setEventsError(null);
    setEvents((list) => (on ? [...list, event] : list.filter((e) => e !== event)));
  };

  return (
    <section className="card settings-card" aria-labelledby="webhooks-title">
      <header className="settings-card__header">
        <h2 id="webhooks-title" className="settings-card__title">
          Webhooks
        </h2>
        <p className="settings-card__description">
          Trawl POSTs the {current.title} project&apos;s crawl events to these URLs, signed with each
          endpoint&apos;s secret, and retries failed deliveries.
        </p>
      </header>
      <form className="settings-card__body webhook-form" onSubmit={create} noValidate>
        <TextField
          label="Endpoint URL"
          placeholder="https://example.com/hooks/trawl"
          type="url"
          value={url}
          onChange={(value) => {
            setUrl(value);
            setUrlError(null);
          }}
          error={urlError}
          maxLength={2000}
        />
        <fieldset
          className="webhook-events"
          aria-describedby={eventsError ? 'webhook-events-error' : undefined}
        >
          <legend className="field__label">Events</legend>
          {EVENTS.map(({ event, label }) => (
            <label key={event} className="webhook-events__option">
              <input
                type="checkbox"
                checked={events.includes(event)}
                onChange={(e) => toggleEvent(event, e.target.checked)}
              />
              <span>{label}</span>
              <code className="muted">{event}</code>
            </label>
          ))}
          {eventsError && (
            <p id="webhook-events-error" className="field__error" role="alert">
              {eventsError}
            </p>
          )}
        </fieldset>
        <div className="settings-card__actions">
          <Button type="submit" variant="primary" icon={<PlusIcon />} loading={creating}>
            Add endpoint
          </Button>
        </div>
      </form>
      <div className="settings-card__list">
        {!data && !error ? (
          <div className="token-list__loading">
            <Skeleton width="40%" />
            <Skeleton width="60%" />
          </div>
        ) : data && data.length === 0 ? (
          <EmptyState
            icon={<LinkIcon />}
            title="No webhook endpoints yet"
            description="Add one to hear of crawls as they happen."
          />
        ) : (
          <ul className="webhook-list">
            {data?.map((endpoint) => (
              <li key={endpoint.id} className="webhook">
                <div className="webhook__row">
                  <div className="webhook__main">
                    <span className="webhook__url">{endpoint.url}</span>
                    <span className="webhook__events muted">{endpoint.events.join(', ')}</span>
                  </div>
                  <div className="webhook__actions">
                    <Switch
                      label={
                        <>
                          Enabled<span className="visually-hidden"> {endpoint.url}</span>
                        </>
                      }
                      checked={endpoint.enabled}
                      onChange={(on) => void setEnabled(endpoint, on)}
                    />
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-expanded={open === endpoint.id}
                      onClick={() => setOpen(open === endpoint.id ? null : endpoint.id)}
                    >
                      {open === endpoint.id ? 'Hide deliveries' : 'Deliveries'}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      icon={<TrashIcon />}
                      aria-label={`Delete ${endpoint.url}`}
                      onClick={() => setDeleting(endpoint)}
                    />
                  </div>
                </div>
                {open === endpoint.id && <DeliveryLog endpoint={endpoint} />}
              </li>
            ))}
          </ul>
        )}
      </div>
      {created && <CreatedWebhookModal endpoint={created} onClose={() => setCreated(null)} />}
      {deleting && (
        <ConfirmModal
          title="Delete webhook endpoint"
          confirmLabel="Delete endpoint"
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        >
          <p>
            Delete <strong>{deleting.url}</strong>? Its delivery log goes with it, and nothing more is sent to
            it.
          </p>
        </ConfirmModal>
      )}
    </section>
  );
}
