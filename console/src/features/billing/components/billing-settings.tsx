import { EmptyState } from '../../../components/ui/empty-state';
import { FormAlert } from '../../../components/ui/form-alert';
import { CreditCardIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/report-failure';
import { useBilling } from '../api/billing';
import { useBillingTeam } from '../api/team-usage';
import { BillingInfoCard } from './billing-info-card';
import { InvoicesCard } from './invoices-card';
import { PaymentCard } from './payment-card';
import { PlanCard } from './plan-card';
import { UsageCard } from './usage-card';

/**
 * The Billing tab: usage this period, always; with Stripe on the server (the billing read answers rather
 * than 501), the plan, card, billing details and invoices.
 */
export function BillingSettings() {
  const team = useBillingTeam();
  const { billing, configured, error, setBilling } = useBilling();
  return (
    <div className="settings-stack billing-settings">
      {team && <UsageCard team={team} />}
      {configured === false ? (
        <section className="card" aria-label="Billing">
          <EmptyState
            icon={<CreditCardIcon />}
            title="Billing is not configured on this server"
            description="This Trawl server has no payment provider set up, so there are no plans, invoices or payment methods to manage. Crawls are limited only by the server's own usage limit."
          />
        </section>
      ) : error ? (
        <FormAlert>{failureMessage('loadBilling', error)}</FormAlert>
      ) : !billing ? (
        <Spinner />
      ) : (
        <>
          <PlanCard billing={billing} onChange={setBilling} />
          <PaymentCard
            billing={billing}
            onSaved={({ customer, card }) => setBilling({ ...billing, customer, card })}
          />
          <InvoicesCard />
          <BillingInfoCard
            billing={billing}
            onSaved={({ customer, card }) => setBilling({ ...billing, customer, card })}
          />
        </>
      )}
    </div>
  );
}
