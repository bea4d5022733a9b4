import { TrawlApiError, type Billing, type Invoice } from '@trawl/sdk';
import useSWR, { useSWRConfig } from 'swr';
import { useTrawl, useUser } from '../../../lib/session';

/**
 * The team's billing, or `configured: false` when the server answers 501 `billing_not_configured` (no
 * Stripe keys): the billing read is how the console learns both that and Stripe's publishable key.
 */
export function useBilling(): {
  billing: Billing | undefined;
  configured: boolean | undefined;
  error: unknown;
  setBilling(billing: Billing): void;
  reload(): Promise<unknown>;
} {
  const trawl = useTrawl();
  const teamId = useUser().teams[0]!.id;
  const { mutate: mutateKey } = useSWRConfig();
  const { data, error, mutate } = useSWR(['billing', teamId], () => trawl.billing.get(teamId), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
  const notConfigured = error instanceof TrawlApiError && error.status === 501;
  return {
    billing: data,
    configured: data ? true : notConfigured ? false : undefined,
    error: notConfigured ? undefined : error,
    setBilling: (billing) => {
      void mutate(billing, { revalidate: false });
      // The usage card and the banners read the team: its plan and budget changed with the billing.
      void mutateKey(['team', teamId]);
      void mutateKey(['invoices', teamId]);
    },
    reload: () => mutate(),
  };
}

export function useInvoices(enabled: boolean): {
  invoices: Invoice[] | undefined;
  error: unknown;
} {
  const trawl = useTrawl();
  const teamId = useUser().teams[0]!.id;
  const { data, error } = useSWR(enabled ? ['invoices', teamId] : null, () => trawl.billing.invoices(teamId));
  return { invoices: data, error };
}

/** The plan of a price lookup key: `pro_yearly` is Pro, yearly. */
export const PLAN_NAMES: Record<string, string> = {
  starter: 'Starter',
  pro: 'Pro',
  scale: 'Scale',
  enterprise: 'Enterprise',
};

export function splitPlanId(planId: string): { plan: string; interval: 'monthly' | 'yearly' } {
  const [plan = '', interval = ''] = planId.split('_');
  return { plan, interval: interval === 'yearly' ? 'yearly' : 'monthly' };
}

export const planName = (planId: string): string => {
  const { plan } = splitPlanId(planId);
  return PLAN_NAMES[plan] ?? plan;
};
