// verifyWebhookSignature against signatures made independently with node:crypto, as the server makes them.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../src/index.js';

const secret = 'whsec_test-secret';
const body = '{"id":"e1","type":"crawl.completed","data":{"crawl":{"id":"c1"}}}';
const now = 1_800_000_000;
const sign = (t: number, payload = body, key = secret): string =>
  `t=${t},v1=${createHmac('sha256', key).update(`${t}.${payload}`).digest('hex')}`;

describe('verifyWebhookSignature', () => {
  it('accepts a delivery signed with the secret, as text or bytes', async () => {
    const header = sign(now);
    await expect(verifyWebhookSignature({ payload: body, header, secret, now })).resolves.toBe(true);
    const bytes = new TextEncoder().encode(body);
    await expect(verifyWebhookSignature({ payload: bytes, header, secret, now })).resolves.toBe(true);
  });

  it('rejects a changed body, another secret, or a malformed header', async () => {
    const header = sign(now);
    await expect(verifyWebhookSignature({ payload: `${body} `, header, secret, now })).resolves.toBe(false);
    await expect(
      verifyWebhookSignature({ payload: body, header: sign(now, body, 'whsec_other'), secret, now }),
    ).resolves.toBe(false);
    for (const bad of [undefined, '', 'v1=abc', `t=${now}`, `t=x,v1=${'0'.repeat(64)}`])
      await expect(verifyWebhookSignature({ payload: body, header: bad, secret, now })).resolves.toBe(false);
  });

  it('rejects a signature older or newer than the tolerance (a replay)', async () => {
    const header = sign(now - 301);
    await expect(verifyWebhookSignature({ payload: body, header, secret, now })).resolves.toBe(false);
    await expect(
      verifyWebhookSignature({ payload: body, header, secret, now, toleranceSeconds: 600 }),
    ).resolves.toBe(true);
    await expect(
      verifyWebhookSignature({ payload: body, header: sign(now + 400), secret, now }),
    ).resolves.toBe(false);
  });

  it('accepts any one of several v1 signatures (a secret being rolled)', async () => {
    const header = `${sign(now, body, 'whsec_old')},v1=${sign(now).split('v1=')[1]}`;
    await expect(verifyWebhookSignature({ payload: body, header, secret, now })).resolves.toBe(true);
  });
});
