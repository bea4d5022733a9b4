import type { Billing } from '@trawl/sdk';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { FormAlert } from '../../../components/ui/form-alert';
import { toast } from '../../../components/ui/toast/toast-store';
import { failureMessage, reportFailure } from '../../../lib/report-failure';
import { useTrawl, useUser } from '../../../lib/session';
import { CANCELED_STATES } from '../api/team-usage';
import { PLAN_NAMES, planName, splitPlanId } from '../api/billing';

type Interval = 'monthly' | 'yearly';
type PlanId = Billing['plans'][number]['id'];

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** Plan, status and period; the plans on offer, monthly or yearly; cancel and reactivate. */
export function PlanCard({ billing, onChange }: { billing: Billing; onChange(billing: Billing): void }) {
  const trawl = useTrawl();
  const teamId = useUser().teams[0]!.id;
  const id = useId();
  const [interval, setInterval] = useState<Interval>(
    billing.planId ? splitPlanId(billing.planId).interval : 'monthly',
  );
  const [choosing, setChoosing] = useState<PlanId | null>(null);
  const [planError, setPlanError] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [reactivating, setReactivating] = useState(false);

  const ended = billing.status !== null && CANCELED_STATES.includes(billing.status);
  const subscribed = billing.planId !== null && billing.status !== null && !ended;

  const change = async (planId: PlanId) => {
    setPlanError(null);
    try {
      onChange(await trawl.billing.changePlan(teamId, planId));
      toast.success(`Plan changed to ${planName(planId)} (${splitPlanId(planId).interval})`);
    } catch (err: unknown) {
      // Shown on the card, once the dialog has closed.
      setPlanError(failureMessage('changePlan', err));
    }
  };
  const cancel = async () => {
    try {
      onChange(await trawl.billing.cancel(teamId));
      setPlanError(null);
      toast.success('Subscription canceled');
    } catch (err: unknown) {
      reportFailure('cancelSubscription', err);
      return false;
    }
  };
  const reactivate = async () => {
    setReactivating(true);
    try {
      onChange(await trawl.billing.reactivate(teamId));
      setPlanError(null);
      toast.success('Subscription reactivated');
    } catch (err: unknown) {
      reportFailure('reactivateSubscription', err);
    } finally {
      setReactivating(false);
    }
  };

  const offered = billing.plans.filter((p) => splitPlanId(p.id).interval === interval);
  const statusLine = !billing.planId
    ? 'Choose a plan to crawl beyond the free allowance.'
    : ended
      ? 'Your subscription has ended. Reactivate it to keep crawling.'
      : billing.cancelAtPeriodEnd && billing.currentPeriodEnd
        ? `Canceled: the plan ends on ${formatDate(billing.currentPeriodEnd)}.`
        : billing.currentPeriodEnd
          ? `Renews on ${formatDate(billing.currentPeriodEnd)}.`
          : null;

  return (
    <section className="card settings-card plan-card" aria-labelledby={`${id}-title`}>
      <header className="settings-card__header plan-card__header">
        <div>
          <h2 id={`${id}-title`} className="settings-card__title">
            Plan
          </h2>
          <p className="settings-card__description">
            {billing.planId ? (
              <>
                <strong>
                  {planName(billing.planId)} ({splitPlanId(billing.planId).interval})
                </strong>
                {billing.status && (
                  <span
                    className={`badge plan-card__status${ended ? ' plan-card__status--ended' : billing.cancelAtPeriodEnd ? ' plan-card__status--canceling' : ''}`}
                  >
                    {billing.cancelAtPeriodEnd && !ended ? 'canceling' : billing.status.replace(/_/g, ' ')}
                  </span>
                )}{' '}
              </>
            ) : (
              <strong>No plan. </strong>
            )}
            {statusLine}
          </p>
        </div>
        <div className="segmented" role="radiogroup" aria-label="Billing interval">
          {(['monthly', 'yearly'] as const).map((value) => (
            <label
              key={value}
              className={`segmented__option${interval === value ? ' segmented__option--active' : ''}`}
            >
              <input
                type="radio"
                className="visually-hidden"
                name={`${id}-interval`}
                value={value}
                checked={interval === value}
                onChange={() => setInterval(value)}
              />
              {value === 'monthly' ? 'Monthly' : 'Yearly'}
            </label>
          ))}
        </div>
      </header>
      <div className="settings-card__body">
        {planError && <FormAlert>{planError}</FormAlert>}
        <ul className="plan-list" aria-label="Plans">
          {offered.map((plan) => {
            const current = plan.id === billing.planId && subscribed;
            const name = PLAN_NAMES[splitPlanId(plan.id).plan] ?? plan.id;
            return (
              <li key={plan.id} className={`plan-option${current ? ' plan-option--current' : ''}`}>
                <span className="plan-option__name">{name}</span>
                <span className="plan-option__units">
                  {plan.units.toLocaleString()} units / {interval === 'yearly' ? 'year' : 'month'}
                </span>
                {current ? (
                  <span className="plan-option__current">Current plan</span>
                ) : (
                  <Button
                    size="sm"
                    variant="primary"
                    aria-label={`Choose ${name} (${interval})`}
                    onClick={() => {
                      setPlanError(null);
                      setChoosing(plan.id);
                    }}
                  >
                    Choose
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
        {(subscribed || ended) && (
          <div className="plan-card__actions">
            {billing.cancelAtPeriodEnd || ended ? (
              <Button variant="primary" loading={reactivating} onClick={() => void reactivate()}>
                Reactivate subscription
              </Button>
            ) : (
              <Button variant="ghost" onClick={() => setConfirmCancel(true)}>
                Cancel subscription
              </Button>
            )}
          </div>
        )}
      </div>
      {choosing && (
        <ConfirmModal
          title="Change plan"
          confirmLabel="Change plan"
          tone="primary"
          onConfirm={() => change(choosing)}
          onClose={() => setChoosing(null)}
        >
          <p>
            Switch to <strong>{planName(choosing)}</strong>, billed {splitPlanId(choosing).interval}? The card
            on file is charged by Stripe.
          </p>
        </ConfirmModal>
      )}
      {confirmCancel && (
        <ConfirmModal
          title="Cancel subscription"
          confirmLabel="Cancel subscription"
          onConfirm={cancel}
          onClose={() => setConfirmCancel(false)}
        >
          <p>
            The plan stays until the end of the paid period
            {billing.currentPeriodEnd ? `, ${formatDate(billing.currentPeriodEnd)}` : ''}, then ends. You can
            reactivate it until then.
          </p>
        </ConfirmModal>
      )}
    </section>
  );
}
