// A stand-in webhook receiver on 127.0.0.1: it checks every delivery's signature as a user's server would
// (with the SDK's verifyWebhookSignature), records what came, and answers the statuses a test queues.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature } from '@trawl/sdk';

export interface ReceivedWebhook {
  event: string;
  deliveryId: string;
  /** Whether the signature verified with the receiver's secret. */
  verified: boolean;
  body: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
  status: number;
}

export interface WebhookReceiver {
  url: string;
  /** The secret to verify with (set it once the endpoint is created). */
  secret: string;
  received: ReceivedWebhook[];
  /** Statuses to answer the next requests with, in order; after them, 200. */
  respond(...statuses: number[]): void;
  /** Resolves once a delivery matching `match` has been answered 2xx. */
  waitFor(match: (r: ReceivedWebhook) => boolean, timeoutMs?: number): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const queued: number[] = [];
  const received: ReceivedWebhook[] = [];
  const waiters = new Set<() => void>();
  const receiver: WebhookReceiver = {
    url: '',
    secret: '',
    received,
    respond: (...statuses) => queued.push(...statuses),
    waitFor(match, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const hit = received.find((r) => r.status < 300 && match(r));
          if (hit) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve(hit);
          }
          return Boolean(hit);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No matching webhook within ${timeoutMs} ms; got ${JSON.stringify(received)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      void verifyWebhookSignature({
        payload: text,
        header: req.headers['trawl-signature'] as string | undefined,
        secret: receiver.secret,
      }).then((verified) => {
        const status = verified ? (queued.shift() ?? 200) : 400;
        received.push({
          event: String(req.headers['trawl-event']),
          deliveryId: String(req.headers['trawl-delivery']),
          verified,
          body: JSON.parse(text) as ReceivedWebhook['body'],
          status,
        });
        res.writeHead(status).end();
        for (const check of [...waiters]) check();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}
