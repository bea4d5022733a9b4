import type { Billing, BillingInfoResponse } from '@trawl/sdk';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast/toast-store';
import { failureMessage } from '../../../lib/report-failure';
import { useTrawl, useUser } from '../../../lib/session';

/** Name, email and address on invoices, kept on the team's Stripe customer. */
export function BillingInfoCard({
  billing,
  onSaved,
}: {
  billing: Billing;
  onSaved(result: BillingInfoResponse): void;
}) {
  const trawl = useTrawl();
  const teamId = useUser().teams[0]!.id;
  const c = billing.customer;
  const [form, setForm] = useState({
    name: c?.name ?? '',
    email: c?.email ?? '',
    line1: c?.address?.line1 ?? '',
    line2: c?.address?.line2 ?? '',
    city: c?.address?.city ?? '',
    postalCode: c?.address?.postalCode ?? '',
    country: c?.address?.country ?? '',
  });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const { name, email, line1, line2, city, postalCode, country } = form;
      const result = await trawl.billing.updateInfo(teamId, {
        name,
        ...(email.trim() ? { email } : {}),
        address: { line1, line2, city, postalCode, country: country.toUpperCase() },
      });
      if (result.errorMessage !== null) setError(result.errorMessage || 'Unknown error');
      else {
        onSaved(result);
        toast.success('Billing details saved');
      }
    } catch (err: unknown) {
      setError(failureMessage('saveBillingInfo', err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card settings-card" aria-labelledby="billing-info-title">
      <header className="settings-card__header">
        <h2 id="billing-info-title" className="settings-card__title">
          Billing details
        </h2>
        <p className="settings-card__description">The name, email and address on your invoices.</p>
      </header>
      <form className="settings-card__body form billing-info-form" onSubmit={(e) => void save(e)}>
        {error && <FormAlert>{error}</FormAlert>}
        <div className="billing-info-form__grid">
          <TextField label="Name" value={form.name} onChange={set('name')} autoComplete="organization" />
          <TextField
            label="Billing email"
            type="email"
            value={form.email}
            onChange={set('email')}
            autoComplete="email"
          />
          <TextField
            label="Address line 1"
            value={form.line1}
            onChange={set('line1')}
            autoComplete="address-line1"
          />
          <TextField
            label="Address line 2"
            value={form.line2}
            onChange={set('line2')}
            autoComplete="address-line2"
          />
          <TextField label="City" value={form.city} onChange={set('city')} autoComplete="address-level2" />
          <TextField
            label="Postal code"
            value={form.postalCode}
            onChange={set('postalCode')}
            autoComplete="postal-code"
          />
          <TextField
            label="Country"
            hint="Two-letter code, such as US"
            value={form.country}
            onChange={set('country')}
            maxLength={2}
            autoComplete="country"
          />
        </div>
        <div className="settings-card__actions">
          <Button type="submit" variant="primary" loading={saving}>
            Save billing details
          </Button>
        </div>
      </form>
    </section>
  );
}
