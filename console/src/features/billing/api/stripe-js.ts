// Stripe.js, loaded from js.stripe.com only when the Billing tab needs a card field (the console's CSP allows
// that origin only when the server has Stripe keys). Only the few calls the card form uses are typed here.

export interface StripeCardElement {
  mount(target: HTMLElement): void;
  unmount?(): void;
  destroy?(): void;
  on?(event: 'change', handler: (event: { error?: { message: string } }) => void): void;
}

export interface StripeJs {
  elements(): { create(type: 'card', options?: Record<string, unknown>): StripeCardElement };
  createToken(card: StripeCardElement): Promise<{
    token?: { id: string };
    error?: { message?: string };
  }>;
}

type StripeConstructor = (publishableKey: string) => StripeJs;

export const STRIPE_JS_URL = 'https://js.stripe.com/v3';

let loading: Promise<StripeConstructor> | undefined;

/** Adds Stripe.js's script once and resolves with its `Stripe` function. */
export function loadStripeJs(): Promise<StripeConstructor> {
  const existing = (window as { Stripe?: StripeConstructor }).Stripe;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<StripeConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () => {
      const Stripe = (window as { Stripe?: StripeConstructor }).Stripe;
      if (Stripe) resolve(Stripe);
      else reject(new Error('Stripe.js did not load'));
    };
    script.onerror = () => reject(new Error('Stripe.js did not load'));
    document.head.appendChild(script);
  }).catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}
