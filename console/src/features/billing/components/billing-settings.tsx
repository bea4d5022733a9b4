import { EmptyState } from '../../../components/ui/empty-state';
import { CreditCardIcon } from '../../../components/ui/icons';

/** The Billing tab. Plans, invoices and usage limits arrive with a payment provider; this server has none. */
export function BillingSettings() {
  return (
    <section className="card" aria-label="Billing">
      <EmptyState
        icon={<CreditCardIcon />}
        title="Billing is not configured on this server"
        description="This Trawl server has no payment provider set up, so there are no plans, invoices or payment methods to manage. Crawls are limited only by the server's own settings."
      />
    </section>
  );
}
