import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { AppEnv } from '../app-env.js';
import { requireAuthOnce } from '../auth/bearer.js';
import { validationHook } from '../errors.js';
import { IdParamsSchema, errorResponses, json, memberSecurity } from '../openapi-helpers.js';
import {
  BillingInfoBodySchema,
  BillingInfoResponseSchema,
  BillingSchema,
  ChangePlanBodySchema,
  InvoiceParamsSchema,
  InvoiceSchema,
  PaymentSourceBodySchema,
} from './schemas.js';
import {
  cancelSubscription,
  changePlan,
  getBilling,
  invoicePdf,
  listInvoices,
  reactivateSubscription,
  setPaymentSource,
  updateBillingInfo,
} from './service.js';
import { receiveWebhook } from './webhook.js';

const NOT_CONFIGURED = ' Answers 501 `billing_not_configured` when the server has no Stripe keys.';
const route = <R extends Parameters<typeof createRoute>[0]>(r: R) =>
  createRoute({ tags: ['Billing'], security: memberSecurity, ...r });
const billingErrors = errorResponses(401, 403, 404, 501, 502);

const getBillingRoute = route({
  method: 'get',
  path: '/teams/{id}/billing',
  operationId: 'getBilling',
  summary: "Read the team's billing",
  description: `Plan, subscription status, usage this period, the Stripe customer and card, and the plans on offer.${NOT_CONFIGURED}`,
  request: { params: IdParamsSchema },
  responses: { 200: { description: 'Billing.', ...json(BillingSchema) }, ...billingErrors },
});
const billingInfoRoute = route({
  method: 'put',
  path: '/teams/{id}/billing/billing-info',
  operationId: 'updateBillingInfo',
  summary: 'Update billing details',
  description: `Name, email and address on invoices. When Stripe refuses them, \`errorMessage\` says why.${NOT_CONFIGURED}`,
  request: { params: IdParamsSchema, body: { required: true, ...json(BillingInfoBodySchema) } },
  responses: {
    200: { description: 'The customer and card.', ...json(BillingInfoResponseSchema) },
    ...errorResponses(400, 401, 403, 404, 501, 502),
  },
});
const paymentSourceRoute = route({
  method: 'post',
  path: '/teams/{id}/billing/payment-source',
  operationId: 'setPaymentSource',
  summary: 'Set the card',
  description: `Makes the card of a Stripe.js token (\`tokenId\`) the team's payment source. When Stripe refuses it (a declined card), \`errorMessage\` says why.${NOT_CONFIGURED}`,
  request: { params: IdParamsSchema, body: { required: true, ...json(PaymentSourceBodySchema) } },
  responses: {
    200: { description: 'The customer and card.', ...json(BillingInfoResponseSchema) },
    ...errorResponses(400, 401, 403, 404, 501, 502),
  },
});
const changePlanRoute = route({
  method: 'post',
  path: '/teams/{id}/billing/change-plan',
  operationId: 'changePlan',
  summary: 'Change plan',
  description: `Subscribes the team to \`planId\` (a price lookup key), or moves its subscription there.${NOT_CONFIGURED}`,
  request: { params: IdParamsSchema, body: { required: true, ...json(ChangePlanBodySchema) } },
  responses: {
    200: { description: 'Billing after the change.', ...json(BillingSchema) },
    ...errorResponses(400, 401, 403, 404, 409, 501, 502),
  },
});
const cancelRoute = route({
  method: 'post',
  path: '/teams/{id}/billing/cancel-subscription',
  operationId: 'cancelSubscription',
  summary: 'Cancel the subscription',
  description: `Cancels at the end of the paid period.${NOT_CONFIGURED}`,
  request: { params: IdParamsSchema },
  responses: {
    200: { description: 'Billing after the change.', ...json(BillingSchema) },
    ...errorResponses(401, 403, 404, 409, 501, 502),
  },
});
const reactivateRoute = route({
  method: 'post',
  path: '/teams/{id}/billing/reactivate-subscription',
  operationId: 'reactivateSubscription',
  summary: 'Reactivate the subscription',
  description: `Undoes a cancellation, or subscribes again to the same plan once the subscription has ended.${NOT_CONFIGURED}`,
  request: { params: IdParamsSchema },
  responses: {
    200: { description: 'Billing after the change.', ...json(BillingSchema) },
    ...errorResponses(401, 403, 404, 409, 501, 502),
  },
});
const invoicesRoute = route({
  method: 'get',
  path: '/teams/{id}/billing/invoices',
  operationId: 'listInvoices',
  summary: 'List invoices',
  description: `Newest first.${NOT_CONFIGURED}`,
  request: { params: IdParamsSchema },
  responses: { 200: { description: 'Invoices.', ...json(z.array(InvoiceSchema)) }, ...billingErrors },
});
const invoicePdfRoute = route({
  method: 'get',
  path: '/teams/{id}/billing/invoices/{invoiceId}/pdf',
  operationId: 'getInvoicePdf',
  summary: "Download an invoice's PDF",
  description: `Another team's invoice is a 404.${NOT_CONFIGURED}`,
  request: { params: InvoiceParamsSchema },
  responses: {
    200: {
      description: 'The PDF.',
      content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    ...errorResponses(401, 403, 404, 409, 501, 502),
  },
});
const webhookRoute = createRoute({
  method: 'post',
  path: '/billing/webhook',
  operationId: 'receiveStripeWebhook',
  tags: ['Billing'],
  summary: "Stripe's webhook",
  description:
    'For Stripe only: subscription and invoice events, verified by the `Stripe-Signature` header and applied once each.' +
    NOT_CONFIGURED,
  responses: {
    200: {
      description: 'Received (`duplicate` when this event was already applied).',
      ...json(z.object({ received: z.literal(true), duplicate: z.boolean() })),
    },
    ...errorResponses(400, 501),
  },
});

/** The billing calls of SPEC.md section 7 under /teams/{id}/billing, and Stripe's webhook. */
export function billingRoutes(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/teams/:id/billing', requireAuthOnce);
  app.use('/teams/:id/billing/*', requireAuthOnce);

  app.openapi(getBillingRoute, async (c) =>
    c.json(await getBilling(c.var.deps, c.var.auth, c.req.valid('param').id), 200),
  );
  app.openapi(billingInfoRoute, async (c) =>
    c.json(
      await updateBillingInfo(c.var.deps, c.var.auth, c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  );
  app.openapi(paymentSourceRoute, async (c) =>
    c.json(
      await setPaymentSource(c.var.deps, c.var.auth, c.req.valid('param').id, c.req.valid('json').tokenId),
      200,
    ),
  );
  app.openapi(changePlanRoute, async (c) =>
    c.json(
      await changePlan(c.var.deps, c.var.auth, c.req.valid('param').id, c.req.valid('json').planId),
      200,
    ),
  );
  app.openapi(cancelRoute, async (c) =>
    c.json(await cancelSubscription(c.var.deps, c.var.auth, c.req.valid('param').id), 200),
  );
  app.openapi(reactivateRoute, async (c) =>
    c.json(await reactivateSubscription(c.var.deps, c.var.auth, c.req.valid('param').id), 200),
  );
  app.openapi(invoicesRoute, async (c) =>
    c.json(await listInvoices(c.var.deps, c.var.auth, c.req.valid('param').id), 200),
  );
  app.openapi(invoicePdfRoute, async (c) => {
    const { id, invoiceId } = c.req.valid('param');
    const pdf = await invoicePdf(c.var.deps, c.var.auth, id, invoiceId);
    return c.body(pdf.body, 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${pdf.filename.replace(/[^\w.-]/g, '_')}"`,
    });
  });
  app.openapi(webhookRoute, async (c) => {
    // The raw body: the signature covers the exact bytes Stripe sent.
    const result = await receiveWebhook(c.var.deps, await c.req.text(), c.req.header('stripe-signature'));
    return c.json(result, 200);
  });
  return app;
}
