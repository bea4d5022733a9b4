import { z } from '@hono/zod-openapi';
import { PLAN_IDS } from './config.js';

export const BillingCustomerSchema = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    address: z
      .object({
        line1: z.string().nullable(),
        line2: z.string().nullable(),
        city: z.string().nullable(),
        postalCode: z.string().nullable(),
        country: z.string().nullable(),
      })
      .nullable(),
  })
  .openapi('BillingCustomer');

export const BillingCardSchema = z
  .object({ brand: z.string(), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int() })
  .openapi('BillingCard');

export const PlanSchema = z
  .object({
    id: z.enum(PLAN_IDS),
    units: z.number().int().openapi({ description: 'Units (stored crawl results) per billing period.' }),
  })
  .openapi('Plan');

export const BillingSchema = z
  .object({
    planId: z
      .string()
      .nullable()
      .openapi({ description: "The team's price lookup key; null without a plan." }),
    status: z.string().nullable().openapi({ description: "The Stripe subscription's status." }),
    cancelAtPeriodEnd: z.boolean(),
    currentPeriodEnd: z.iso.datetime().nullable(),
    usageUsed: z.number().int(),
    maxUsage: z.number().int().nullable().openapi({ description: 'Null is unlimited.' }),
    usagePeriodStart: z.iso.datetime(),
    customer: BillingCustomerSchema.nullable(),
    card: BillingCardSchema.nullable(),
    plans: z.array(PlanSchema),
    publishableKey: z.string().openapi({ description: 'For Stripe.js on the client.' }),
  })
  .openapi('Billing');
export type BillingDto = z.infer<typeof BillingSchema>;

export const BillingInfoBodySchema = z
  .strictObject({
    name: z.string().trim().max(200).optional(),
    email: z
      .string()
      .trim()
      .max(254)
      .regex(/^\S+@\S+$/, { error: 'Invalid email' })
      .optional(),
    address: z
      .strictObject({
        line1: z.string().trim().max(200).optional(),
        line2: z.string().trim().max(200).optional(),
        city: z.string().trim().max(200).optional(),
        postalCode: z.string().trim().max(40).optional(),
        country: z.string().trim().max(2).optional(),
      })
      .optional(),
  })
  .openapi('BillingInfoRequest');

export const BillingInfoResponseSchema = z
  .object({
    customer: BillingCustomerSchema.nullable(),
    card: BillingCardSchema.nullable(),
    errorMessage: z
      .string()
      .nullable()
      .openapi({ description: "Stripe's message when it refused the change ('Unknown error' without one)." }),
  })
  .openapi('BillingInfoResponse');
export type BillingInfoResponse = z.infer<typeof BillingInfoResponseSchema>;

export const PaymentSourceBodySchema = z
  .strictObject({
    tokenId: z
      .string({ error: 'tokenId is required' })
      .trim()
      .regex(/^(tok|src|pm)_\w+$/, { error: 'tokenId must be a Stripe token (tok_...)' }),
  })
  .openapi('PaymentSourceRequest');

export const ChangePlanBodySchema = z
  .strictObject({
    planId: z.enum(PLAN_IDS, { error: `planId must be one of: ${PLAN_IDS.join(', ')}` }),
  })
  .openapi('ChangePlanRequest');

export const InvoiceSchema = z
  .object({
    id: z.string(),
    number: z.string().nullable(),
    status: z.string().nullable(),
    amountDue: z.number().int().openapi({ description: 'In the smallest currency unit (cents).' }),
    amountPaid: z.number().int(),
    currency: z.string(),
    createdAt: z.iso.datetime(),
    hasPdf: z.boolean(),
  })
  .openapi('Invoice');
export type InvoiceDto = z.infer<typeof InvoiceSchema>;

export const InvoiceParamsSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' } }),
  invoiceId: z.string().openapi({ param: { name: 'invoiceId', in: 'path' } }),
});
