import type { Dashboard } from '@trawl/sdk';
import useSWR from 'swr';
import { useProjects } from '../../../lib/current-project';
import { reportFailure } from '../../../lib/report-failure';
import { useTrawl } from '../../../lib/session';

/** The dashboard cache of SPEC.md section 3, per project: the tiles show at once on the next visit. */
const cacheKey = (projectId: string) => `trawl.dashboard.${projectId}`;

function readCache(projectId: string): Dashboard | undefined {
  try {
    const raw = localStorage.getItem(cacheKey(projectId));
    return raw ? (JSON.parse(raw) as Dashboard) : undefined;
  } catch {
    return undefined;
  }
}

const TILES: Array<{ key: keyof Dashboard; label: string }> = [
  { key: 'successfulCrawls', label: 'Successful crawls' },
  { key: 'failedCrawls', label: 'Failed crawls' },
  { key: 'totalCrawlResults', label: 'Total pages' },
];

/** Home's overview: the current project's last 30 days in three tiles. */
export function DashboardTiles() {
  const trawl = useTrawl();
  const projectId = useProjects().current.id;
  const { data } = useSWR(['dashboard', projectId], () => trawl.crawls.dashboard(), {
    fallbackData: readCache(projectId),
    onSuccess: (fresh) => localStorage.setItem(cacheKey(projectId), JSON.stringify(fresh)),
    onError: (err: unknown) => {
      localStorage.removeItem(cacheKey(projectId));
      reportFailure('loadDashboard', err);
    },
  });
  return (
    <section className="dashboard" aria-labelledby="dashboard-title">
      <h2 id="dashboard-title" className="dashboard__title">
        For the last 30 days
      </h2>
      <dl className="dashboard__tiles">
        {TILES.map(({ key, label }) => (
          <div key={key} className="dashboard__tile">
            <dt className="dashboard__label">{label}</dt>
            <dd className="dashboard__value tabular" aria-label={label}>
              {data ? data[key].toLocaleString('en-US') : '–'}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
