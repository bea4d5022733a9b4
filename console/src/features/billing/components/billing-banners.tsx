import { Link } from 'wouter';
import { Banner } from '../../../components/ui/banner';
import { CANCELED_STATES, USAGE_FULL_AT, USAGE_WARN_AT, useBillingTeam, usageRatio } from '../api/team-usage';

/** The usage banner and the canceled-subscription banner (SPEC.md sections 2, 4 and 8). */
export function BillingBanners() {
  const team = useBillingTeam();
  if (!team) return null;
  const ratio = usageRatio(team);
  const canceled = CANCELED_STATES.includes(team.stripeSubscriptionStatus ?? '');
  return (
    <>
      {canceled && (
        <Banner tone="danger">
          Your subscription has been canceled. <Link href="/settings/billing">Re-activate it</Link> to keep
          crawling.
        </Banner>
      )}
      {ratio !== null && ratio >= USAGE_WARN_AT && (
        <Banner tone={ratio >= USAGE_FULL_AT ? 'danger' : 'warn'}>
          {ratio >= USAGE_FULL_AT ? 'Usage full' : 'Usage exceeded 85%'}: {team.usageUsed.toLocaleString()} of{' '}
          {team.maxUsage!.toLocaleString()} units used.{' '}
          <Link href="/settings/billing">Upgrade your plan</Link> or wait for the next billing cycle.
        </Banner>
      )}
    </>
  );
}
