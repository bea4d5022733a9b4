import useSWR from 'swr';
import { EmptyState } from '../../../components/ui/empty-state';
import { FlagIcon, LifeBuoyIcon, PaperclipIcon } from '../../../components/ui/icons';
import { env } from '../../../config/env';
import { formatDateTime } from '../../../lib/dates';
import { reportFailure } from '../../../lib/report-failure';
import { useTrawl } from '../../../lib/session';

const PROBLEM_LABELS: Record<string, string> = {
  missing_information: 'Missing information',
  too_much_information: 'Too much information',
  incorrect_information: 'Incorrect information',
  duplicate_information: 'Duplicate information',
  other: 'Other',
};

/** /admin/support: support requests with their attachments, and problem reports beside them. */
export function AdminSupportView() {
  const trawl = useTrawl();
  const onError = (err: unknown) => reportFailure('loadAdmin', err);
  const requests = useSWR(['admin-support'], () => trawl.support.listRequests({ limit: 50 }), { onError });
  const reports = useSWR(['admin-reports'], () => trawl.support.listReports({ limit: 50 }), { onError });

  return (
    <div className="admin-support">
      <section className="card" aria-label="Support requests">
        <h2 className="card__title">Support requests</h2>
        {requests.data?.results.length === 0 && (
          <EmptyState icon={<LifeBuoyIcon />} title="No support requests" />
        )}
        <ul className="admin-support__list">
          {requests.data?.results.map((r) => (
            <li key={r.id} className="admin-support__item">
              <div className="admin-support__head">
                <strong>{r.subject}</strong>
                <span className="muted">
                  {r.email ?? 'no email'} · {r.teamName ?? 'deleted team'} · {formatDateTime(r.createdAt)}
                </span>
              </div>
              <p className="admin-support__message">{r.message}</p>
              {r.attachments.length > 0 && (
                <ul className="attachment-list">
                  {r.attachments.map((a) => (
                    <li key={a.id} className="attachment-list__item">
                      <PaperclipIcon />
                      <a
                        href={`${env.apiUrl}/admin/support-requests/${r.id}/attachments/${a.id}`}
                        download={a.filename}
                      >
                        {a.filename}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section className="card" aria-label="Problem reports">
        <h2 className="card__title">Problem reports</h2>
        {reports.data?.results.length === 0 && <EmptyState icon={<FlagIcon />} title="No problem reports" />}
        <ul className="admin-support__list">
          {reports.data?.results.map((r) => (
            <li key={r.id} className="admin-support__item">
              <div className="admin-support__head">
                <strong>{PROBLEM_LABELS[r.problemType] ?? r.problemType}</strong>
                <span className="muted">
                  {r.email ?? 'no email'} · {r.teamName} · {formatDateTime(r.createdAt)}
                </span>
              </div>
              <p className="admin-support__message">
                <a href={r.url} target="_blank" rel="noreferrer noopener">
                  {r.url}
                </a>{' '}
                (crawl {r.crawlId ?? 'deleted'}; deduplication {r.deduplicateContent ? 'on' : 'off'},{' '}
                {r.duplicatesRemovedCount} fragments removed)
              </p>
              {r.description && <p className="admin-support__message">{r.description}</p>}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
