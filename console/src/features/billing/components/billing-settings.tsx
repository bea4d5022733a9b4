import { EmptyState } from '../../../components/ui/empty-state';
import { CreditCardIcon } from '../../../components/ui/icons';
import { useBillingTeam } from '../api/team-usage';
import { UsageCard } from './usage-card';

/** The Billing tab: usage this period, always; plans, invoices and cards need a payment provider. */
export function BillingSettings() {
  const team = useBillingTeam();
  return (
    <>
      {team && <UsageCard team={team} />}
      <section className="card" aria-label="Billing">
        <EmptyState
          icon={<CreditCardIcon />}
          title="Billing is not configured on this server"
          description="This Trawl server has no payment provider set up, so there are no plans, invoices or payment methods to manage. Crawls are limited only by the server's own usage limit."
        />
      </section>
    </>
  );
}
