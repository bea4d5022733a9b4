// A stand-in for Stripe's HTTP API on 127.0.0.1, enough for the billing calls: customers and their card
// sources, prices by lookup key, subscriptions, invoices and their PDFs. The real `stripe` client talks
// to it (STRIPE_API_URL); tests read what it was asked and shape what it holds.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Obj = Record<string, unknown>;

export interface StripeStandIn {
  url: string;
  customers: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  invoices: Map<string, Obj>;
  /** Lookup keys that have a price; the rest are unknown to this Stripe. */
  prices: Map<string, Obj>;
  calls: Array<{ method: string; path: string; form: URLSearchParams }>;
  close(): Promise<void>;
}

export const PDF_BYTES = '%PDF-1.4\n% stand-in invoice\n%%EOF\n';

export async function startStripeStandIn(lookupKeys: string[]): Promise<StripeStandIn> {
  const customers = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const prices = new Map<string, Obj>(
    lookupKeys.map((key, i) => [key, { id: `price_${i}`, object: 'price', lookup_key: key, active: true }]),
  );
  const calls: StripeStandIn['calls'] = [];
  let seq = 0;
  const id = (prefix: string) => `${prefix}_${(++seq).toString().padStart(6, '0')}`;
  const now = () => Math.floor(Date.now() / 1000);
  let origin = '';

  const withCard = (customer: Obj) => {
    const sources = (customer.sources as Obj[] | undefined) ?? [];
    return {
      ...customer,
      sources: undefined,
      default_source:
        sources.find((s) => s.id === customer.default_source) ?? customer.default_source ?? null,
      invoice_settings: { default_payment_method: null },
    };
  };
  const subscriptionItem = (subId: string, priceKey: string, start: number) => ({
    id: `si_${subId}`,
    object: 'subscription_item',
    price: prices.get(priceKey),
    current_period_start: start,
    current_period_end: start + 30 * 86_400,
  });
  const newInvoice = (customer: string, subscription: string) => {
    const invoiceId = id('in');
    invoices.set(invoiceId, {
      id: invoiceId,
      object: 'invoice',
      customer,
      number: `TRAWL-${invoiceId.slice(-4)}`,
      status: 'paid',
      amount_due: 2900,
      amount_paid: 2900,
      currency: 'usd',
      created: now(),
      invoice_pdf: `${origin}/files/${invoiceId}.pdf`,
      parent: { type: 'subscription_details', subscription_details: { subscription } },
    });
  };

  function handle(
    method: string,
    path: string,
    form: URLSearchParams,
    query: URLSearchParams,
  ): [number, unknown] {
    const notFound = (what: string): [number, unknown] => [
      404,
      { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
    ];
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer: Obj = {
        id: id('cus'),
        object: 'customer',
        name: form.get('name'),
        email: form.get('email'),
        address: null,
        metadata: { teamId: form.get('metadata[teamId]') },
        sources: [],
        default_source: null,
      };
      customers.set(customer.id as string, customer);
      return [200, withCard(customer)];
    }
    if ((m = path.match(/^\/v1\/customers\/(\w+)$/))) {
      const customer = customers.get(m[1]!);
      if (!customer) return notFound('customer');
      if (method === 'POST') {
        if (form.has('name')) customer.name = form.get('name');
        if (form.has('email')) {
          if (!form.get('email')!.includes('.'))
            return [
              400,
              {
                error: {
                  type: 'invalid_request_error',
                  message: 'Invalid email address: ' + form.get('email'),
                },
              },
            ];
          customer.email = form.get('email');
        }
        if (form.has('address[line1]') || form.has('address[city]'))
          customer.address = {
            line1: form.get('address[line1]'),
            line2: form.get('address[line2]'),
            city: form.get('address[city]'),
            postal_code: form.get('address[postal_code]'),
            country: form.get('address[country]'),
          };
        if (form.has('default_source')) customer.default_source = form.get('default_source');
      }
      return [200, withCard(customer)];
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/customers\/(\w+)\/sources$/))) {
      const customer = customers.get(m[1]!);
      if (!customer) return notFound('customer');
      const token = form.get('source') ?? '';
      if (token === 'tok_chargeDeclined')
        return [
          402,
          { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } },
        ];
      if (token === 'tok_noMessage') return [402, { error: { type: 'card_error', code: 'card_declined' } }];
      const card = {
        id: id('card'),
        object: 'card',
        brand: 'Visa',
        last4: '4242',
        exp_month: 12,
        exp_year: 2030,
      };
      (customer.sources as Obj[]).push(card);
      return [200, card];
    }
    if (method === 'GET' && path === '/v1/prices') {
      const key = query.get('lookup_keys[0]') ?? '';
      const price = prices.get(key);
      return [200, { object: 'list', data: price ? [price] : [], has_more: false, url: '/v1/prices' }];
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const customer = form.get('customer') ?? '';
      if (!customers.has(customer)) return notFound('customer');
      const price = [...prices.values()].find((p) => p.id === form.get('items[0][price]'));
      if (!price) return notFound('price');
      const subId = id('sub');
      const subscription: Obj = {
        id: subId,
        object: 'subscription',
        customer,
        status: 'active',
        cancel_at_period_end: false,
        metadata: { teamId: form.get('metadata[teamId]') },
        items: { object: 'list', data: [subscriptionItem(subId, price.lookup_key as string, now())] },
      };
      subscriptions.set(subId, subscription);
      newInvoice(customer, subId);
      return [200, subscription];
    }
    if ((m = path.match(/^\/v1\/subscriptions\/(\w+)$/))) {
      const subscription = subscriptions.get(m[1]!);
      if (!subscription) return notFound('subscription');
      if (method === 'POST') {
        if (form.has('cancel_at_period_end'))
          subscription.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
        const priceId = form.get('items[0][price]');
        if (priceId) {
          const price = [...prices.values()].find((p) => p.id === priceId)!;
          const items = subscription.items as { data: Array<{ current_period_start: number }> };
          items.data = [
            subscriptionItem(
              subscription.id as string,
              price.lookup_key as string,
              items.data[0]!.current_period_start,
            ),
          ];
        }
      }
      if (method === 'DELETE') subscription.status = 'canceled';
      return [200, subscription];
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const data = [...invoices.values()].filter((i) => i.customer === query.get('customer')).reverse();
      return [200, { object: 'list', data, has_more: false, url: '/v1/invoices' }];
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/invoices\/(\w+)$/))) {
      const invoice = invoices.get(m[1]!);
      return invoice ? [200, invoice] : notFound('invoice');
    }
    return [
      404,
      { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    ];
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      if (url.pathname.startsWith('/files/')) {
        res.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF_BYTES);
        return;
      }
      const form = new URLSearchParams(raw);
      calls.push({ method: req.method ?? 'GET', path: url.pathname, form });
      if (req.headers.authorization !== 'Bearer sk_test_standin') {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }),
        );
        return;
      }
      const [status, body] = handle(req.method ?? 'GET', url.pathname, form, url.searchParams);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${seq}` });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    customers,
    subscriptions,
    invoices,
    prices,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const STRIPE_TEST_ENV = (standIn: StripeStandIn) => ({
  STRIPE_SECRET_KEY: 'sk_test_standin',
  STRIPE_WEBHOOK_SECRET: 'whsec_standin',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
  STRIPE_API_URL: standIn.url,
});
