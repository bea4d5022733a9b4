// Billing (SPEC.md section 7): the typed methods over the generated functions. Every call answers 501
// `billing_not_configured` when the server has no Stripe keys.
import type { RequestOptions } from './client.js';
import type { Caller } from './call.js';
import type { Client } from './gen/client/index.js';
import * as api from './gen/sdk.gen.js';
import type {
  Billing,
  BillingInfoRequest,
  BillingInfoResponse,
  ChangePlanRequest,
  Invoice,
} from './gen/types.gen.js';

/** A team's plan, card, billing details and invoices, through Stripe. */
export interface BillingApi {
  /**
   * The team's plan, subscription, usage, Stripe customer and card, the plans on offer, and the publishable
   * key for Stripe.js. Rejects with a 501 `billing_not_configured` when the server has no Stripe keys.
   * @example
   * const { planId, plans, publishableKey } = await trawl.billing.get(teamId);
   */
  get(teamId: string, options?: RequestOptions): Promise<Billing>;
  /**
   * Name, email and address on invoices. When Stripe refuses them, `errorMessage` says why.
   * @example
   * const { errorMessage } = await trawl.billing.updateInfo(teamId, { name: 'Acme Ltd', email: 'billing@acme.example' });
   */
  updateInfo(
    teamId: string,
    info: BillingInfoRequest,
    options?: RequestOptions,
  ): Promise<BillingInfoResponse>;
  /**
   * Makes the card of a Stripe.js token the team's payment source. A declined card is `errorMessage`.
   * @example
   * const { token } = await stripe.createToken(cardElement);
   * await trawl.billing.setPaymentSource(teamId, token.id);
   */
  setPaymentSource(teamId: string, tokenId: string, options?: RequestOptions): Promise<BillingInfoResponse>;
  /**
   * Subscribes the team to a plan (a price lookup key such as `pro_monthly`), or moves its subscription there.
   * @example
   * await trawl.billing.changePlan(teamId, 'pro_yearly');
   */
  changePlan(teamId: string, planId: ChangePlanRequest['planId'], options?: RequestOptions): Promise<Billing>;
  /** Cancels the subscription at the end of the paid period. */
  cancel(teamId: string, options?: RequestOptions): Promise<Billing>;
  /** Undoes a cancellation, or subscribes again to the same plan once the subscription has ended. */
  reactivate(teamId: string, options?: RequestOptions): Promise<Billing>;
  /** The team's invoices, newest first. */
  invoices(teamId: string, options?: RequestOptions): Promise<Invoice[]>;
  /**
   * An invoice's PDF.
   * @example
   * const pdf = await trawl.billing.invoicePdf(teamId, invoice.id);
   */
  invoicePdf(teamId: string, invoiceId: string, options?: RequestOptions): Promise<Blob>;
}

export function createBillingApi(raw: Client, call: Caller): BillingApi {
  return {
    get: (id, o) => call((signal) => api.getBilling({ client: raw, path: { id }, signal }), o?.signal),
    updateInfo: (id, body, o) =>
      call((signal) => api.updateBillingInfo({ client: raw, path: { id }, body, signal }), o?.signal),
    setPaymentSource: (id, tokenId, o) =>
      call(
        (signal) => api.setPaymentSource({ client: raw, path: { id }, body: { tokenId }, signal }),
        o?.signal,
      ),
    changePlan: (id, planId, o) =>
      call((signal) => api.changePlan({ client: raw, path: { id }, body: { planId }, signal }), o?.signal),
    cancel: (id, o) =>
      call((signal) => api.cancelSubscription({ client: raw, path: { id }, signal }), o?.signal),
    reactivate: (id, o) =>
      call((signal) => api.reactivateSubscription({ client: raw, path: { id }, signal }), o?.signal),
    invoices: (id, o) => call((signal) => api.listInvoices({ client: raw, path: { id }, signal }), o?.signal),
    invoicePdf: (id, invoiceId, o) =>
      call(
        (signal) => api.getInvoicePdf({ client: raw, path: { id, invoiceId }, signal, parseAs: 'blob' }),
        o?.signal,
      ) as Promise<Blob>,
  };
}
