import type { Team } from '@trawl/sdk';
import { USAGE_FULL_AT, USAGE_WARN_AT, usageRatio } from '../api/team-usage';

const PLAN_NAMES: Record<string, string> = {
  starter: 'Starter',
  pro: 'Pro',
  scale: 'Scale',
  enterprise: 'Enterprise',
};

function planLabel(key: string | null): string {
  if (!key) return 'No plan';
  const [plan = '', interval = ''] = key.split('_');
  return `${PLAN_NAMES[plan] ?? plan}${interval ? ` (${interval})` : ''}`;
}

/** Plan, billing period and a usage bar: one unit per crawl result stored this period. */
export function UsageCard({ team }: { team: Team }) {
  const ratio = usageRatio(team);
  const percent = ratio === null ? 0 : Math.min(100, Math.round(ratio * 100));
  const tone =
    ratio === null ? 'ok' : ratio >= USAGE_FULL_AT ? 'full' : ratio >= USAGE_WARN_AT ? 'warn' : 'ok';
  const since = new Date(team.usagePeriodStart).toLocaleDateString(undefined, { dateStyle: 'medium' });
  return (
    <section className="card usage-card" aria-label="Usage">
      <div className="usage-card__head">
        <h2 className="usage-card__title">{planLabel(team.priceLookupKey)}</h2>
        <span className="usage-card__period">Billing period since {since}</span>
      </div>
      <p className="usage-card__numbers">
        <strong>{team.usageUsed.toLocaleString()}</strong>{' '}
        {team.maxUsage === null
          ? 'units used (unlimited)'
          : `of ${team.maxUsage.toLocaleString()} units used`}
      </p>
      {team.maxUsage !== null && (
        <div
          className={`usage-bar usage-bar--${tone}`}
          role="progressbar"
          aria-label="Usage this billing period"
          aria-valuemin={0}
          aria-valuemax={team.maxUsage}
          aria-valuenow={team.usageUsed}
        >
          <div className="usage-bar__fill" style={{ width: `${percent}%` }} />
        </div>
      )}
      <p className="usage-card__note">
        One unit per crawl result stored. Pages that failed, were blocked by robots.txt, were empty or were
        duplicates are never counted.
      </p>
    </section>
  );
}
