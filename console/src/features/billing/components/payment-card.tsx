import type { Billing, BillingInfoResponse } from '@trawl/sdk';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { CreditCardIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast/toast-store';
import { failureMessage } from '../../../lib/report-failure';
import { useTrawl, useUser } from '../../../lib/session';
import { loadStripeJs, type StripeCardElement, type StripeJs } from '../api/stripe-js';

/** The card on file, and a Stripe Elements card field to set a new one. */
export function PaymentCard({
  billing,
  onSaved,
}: {
  billing: Billing;
  onSaved(result: BillingInfoResponse): void;
}) {
  const [editing, setEditing] = useState(false);
  const { card } = billing;
  return (
    <section className="card settings-card" aria-labelledby="payment-title">
      <header className="settings-card__header">
        <h2 id="payment-title" className="settings-card__title">
          Payment method
        </h2>
        <p className="settings-card__description">
          Card details go straight to Stripe; Trawl never sees them.
        </p>
      </header>
      <div className="settings-card__body payment-card">
        {card ? (
          <p className="payment-card__current">
            <CreditCardIcon />
            <span>
              <strong>{card.brand}</strong> ending in {card.last4}, expires{' '}
              {String(card.expMonth).padStart(2, '0')}/{card.expYear}
            </span>
          </p>
        ) : (
          !editing && <p className="payment-card__current">No card on file.</p>
        )}
        {editing ? (
          <CardForm
            publishableKey={billing.publishableKey}
            onCancel={() => setEditing(false)}
            onSaved={(result) => {
              setEditing(false);
              onSaved(result);
            }}
          />
        ) : (
          <div>
            <Button icon={<CreditCardIcon />} onClick={() => setEditing(true)}>
              {card ? 'Replace card' : 'Add card'}
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}

function CardForm({
  publishableKey,
  onCancel,
  onSaved,
}: {
  publishableKey: string;
  onCancel(): void;
  onSaved(result: BillingInfoResponse): void;
}) {
  const trawl = useTrawl();
  const teamId = useUser().teams[0]!.id;
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: StripeJs; card: StripeCardElement } | null>(null);
  const [ready, setReady] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    loadStripeJs()
      .then((Stripe) => {
        if (!live || !mountRef.current) return;
        const stripe = Stripe(publishableKey);
        const card = stripe.elements().create('card', { hidePostalCode: true });
        card.mount(mountRef.current);
        card.on?.('change', (event) => setError(event.error?.message ?? null));
        stripeRef.current = { stripe, card };
        setReady(true);
      })
      .catch(() => {
        if (live) setError('The card form could not be loaded. Check your connection and try again.');
      });
    return () => {
      live = false;
      stripeRef.current?.card.destroy?.();
      stripeRef.current = null;
    };
  }, [publishableKey]);

  const save = async () => {
    const elements = stripeRef.current;
    if (!elements) return;
    setSaving(true);
    setError(null);
    try {
      const { token, error: tokenError } = await elements.stripe.createToken(elements.card);
      if (!token) {
        setError(tokenError?.message || 'Unknown error');
        return;
      }
      const result = await trawl.billing.setPaymentSource(teamId, token.id);
      if (result.errorMessage !== null) setError(result.errorMessage || 'Unknown error');
      else {
        toast.success('Card saved');
        onSaved(result);
      }
    } catch (err: unknown) {
      setError(failureMessage('saveCard', err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="card-form">
      {error && <FormAlert>{error}</FormAlert>}
      <div className="card-form__field">
        {!ready && !error && <Spinner size="sm" />}
        <div ref={mountRef} className="card-form__mount" />
      </div>
      <div className="card-form__actions">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="primary" loading={saving} disabled={!ready} onClick={() => void save()}>
          Save card
        </Button>
      </div>
    </div>
  );
}
