import type { AdminHealth } from '@trawl/sdk';
import type { ReactNode } from 'react';
import useSWR from 'swr';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ActivityIcon, DatabaseIcon, LayersIcon, ServerIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { reportFailure } from '../../../lib/report-failure';
import { useTrawl } from '../../../lib/session';

/** How often the health page reads the service's state again. */
const REFRESH_MS = 5000;

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

function HealthTile({
  icon,
  title,
  status,
  children,
}: {
  icon: ReactNode;
  title: string;
  status?: { ok: boolean; label: string };
  children: ReactNode;
}) {
  return (
    <section className="card health-tile" aria-label={title}>
      <header className="health-tile__header">
        <span className="health-tile__icon">{icon}</span>
        <h2 className="health-tile__title">{title}</h2>
        {status && (
          <span className={`badge badge--${status.ok ? 'success' : 'danger'}`}>
            <span className="badge__dot" aria-hidden="true" />
            {status.label}
          </span>
        )}
      </header>
      <dl className="health-tile__facts">{children}</dl>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="health-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** /admin/health: the database, who runs crawls, and the crawl queue, refreshed every 5 seconds. */
export function AdminHealthView() {
  const trawl = useTrawl();
  const { data, error, mutate } = useSWR<AdminHealth & { at: number }>(
    ['admin-health'],
    async () => ({ ...(await trawl.admin.health()), at: Date.now() }),
    { refreshInterval: REFRESH_MS, onError: (err: unknown) => reportFailure('loadAdmin', err) },
  );

  if (!data && error)
    return (
      <div className="card">
        <EmptyState
          tone="danger"
          title="The service's health could not be read"
          actions={<Button onClick={() => void mutate()}>Try again</Button>}
        />
      </div>
    );
  if (!data)
    return (
      <div className="health-grid" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="card health-tile">
            <Skeleton width={120} height={18} />
            <Skeleton width="70%" />
            <Skeleton width="50%" />
          </div>
        ))}
      </div>
    );
  const { database, orchestrator, queue } = data;
  return (
    <>
      <p className="muted health-updated" aria-live="polite">
        <ActivityIcon /> Updated at {timeFormat.format(data.at)}, refreshed every 5 seconds
        {error ? ' (the last refresh failed)' : ''}
      </p>
      <div className="health-grid">
        <HealthTile
          icon={<DatabaseIcon />}
          title="Database"
          status={{ ok: database.ok, label: database.ok ? 'Healthy' : 'Unreachable' }}
        >
          <Fact label="Kind">
            {database.kind === 'pglite'
              ? 'Embedded PGlite'
              : database.kind === 'postgres'
                ? 'PostgreSQL'
                : '—'}
          </Fact>
          <Fact label="Latency">{database.latencyMs === null ? '—' : `${database.latencyMs} ms`}</Fact>
        </HealthTile>
        <HealthTile
          icon={<ServerIcon />}
          title="Orchestrator"
          status={{ ok: true, label: orchestrator.kind === 'temporal' ? 'Temporal' : 'In-process' }}
        >
          <Fact label="Workers">{orchestrator.workers}</Fact>
        </HealthTile>
        <HealthTile icon={<LayersIcon />} title="Queue">
          <Fact label="Running crawls">{queue.runningCrawls}</Fact>
          <Fact label="Pending URLs">{queue.pendingUrls}</Fact>
          <Fact label="URLs being fetched">{queue.claimedUrls}</Fact>
        </HealthTile>
      </div>
    </>
  );
}
