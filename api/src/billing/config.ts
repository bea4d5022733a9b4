// Billing's part of the API configuration (config.ts spreads it in): Stripe's keys, the units each plan
// includes, and the budget of a team without a plan.
import { z } from 'zod';

export const PLANS = ['starter', 'pro', 'scale', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];
export const PLAN_IDS = PLANS.flatMap((p) => [`${p}_monthly`, `${p}_yearly`] as const);
export type PlanId = (typeof PLAN_IDS)[number];

/** Units (stored crawl results) a month of each plan includes; a yearly plan includes twelve months' worth. */
export const DEFAULT_PLAN_UNITS: Record<Plan, number> = {
  starter: 1_000,
  pro: 10_000,
  scale: 50_000,
  enterprise: 250_000,
};

/** With Stripe on, what a team without a plan may use each month (without Stripe: unlimited). */
export const DEFAULT_FREE_UNITS_WITH_STRIPE = 100;

const planUnits = z
  .string()
  .trim()
  .transform((text, ctx) => {
    const units: Record<Plan, number> = { ...DEFAULT_PLAN_UNITS };
    for (const part of text.split(',').filter((p) => p.trim())) {
      const [name = '', value = ''] = part.split('=').map((s) => s.trim());
      const n = Number(value);
      if (!(PLANS as readonly string[]).includes(name) || !Number.isInteger(n) || n < 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be plan=units pairs separated by commas (plans: ${PLANS.join(', ')}), not "${part.trim()}"`,
        });
        return z.NEVER;
      }
      units[name as Plan] = n;
    }
    return units;
  });

export const BILLING_ENV = {
  TRAWL_MAX_USAGE: z
    .string()
    .trim()
    .regex(/^(\d+|unlimited)$/, 'must be a whole number of units or "unlimited"')
    .optional(),
  TRAWL_PLAN_UNITS: planUnits.optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_... or sk_live_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_...)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .trim()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_... or pk_live_...)')
    .optional(),
  /** Where the `stripe` client sends its calls: Stripe itself unless pointed at an egress proxy or a stand-in. */
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
};

/** Stripe's three keys are set all together or not at all. */
export const BILLING_ENV_PAIRS: Array<[string, string]> = [
  ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'],
];

export interface StripeConfig {
  publishableKey: string;
  secretKey: string;
  webhookSecret: string;
  /** Stripe's API, or a stand-in (tests): the client's protocol, host and port. */
  apiUrl: string;
}

export interface BillingConfig {
  /** A team's budget per period when it has none of its own (no plan); null is unlimited. */
  maxUsage: number | null;
  planUnits: Record<Plan, number>;
}

type BillingEnv = {
  TRAWL_MAX_USAGE?: string;
  TRAWL_PLAN_UNITS?: Record<Plan, number>;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_API_URL: string;
};

export function stripeConfigFrom(e: BillingEnv): StripeConfig | null {
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET || !e.STRIPE_PUBLISHABLE_KEY) return null;
  return {
    publishableKey: e.STRIPE_PUBLISHABLE_KEY,
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    apiUrl: e.STRIPE_API_URL,
  };
}

export function billingConfigFrom(e: BillingEnv): BillingConfig {
  const stripe = stripeConfigFrom(e);
  const max = e.TRAWL_MAX_USAGE;
  return {
    maxUsage:
      max === undefined
        ? stripe
          ? DEFAULT_FREE_UNITS_WITH_STRIPE
          : null
        : max === 'unlimited'
          ? null
          : Number(max),
    planUnits: e.TRAWL_PLAN_UNITS ?? DEFAULT_PLAN_UNITS,
  };
}

/** The units a plan includes per billing period. */
export function unitsOf(config: BillingConfig, planId: string | null): number | null {
  const [plan, interval] = (planId ?? '').split('_');
  if (!(PLANS as readonly string[]).includes(plan ?? '')) return null;
  const monthly = config.planUnits[plan as Plan];
  return interval === 'yearly' ? monthly * 12 : monthly;
}
