import { request as httpRequest } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, signUp } from './browser-session.js';
import { createTeamWithToken, startTestServer, type TestServer } from './harness.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { JPEG, PDF, PNG, file, pngOfSize, seedCrawl, supportForm } from './support-seed.js';

// POST /support (multipart, with attachments checked by count, size and content) and
// POST /support/crawl-result-report, and the admin routes that read what they keep.
let server: TestServer;
let admin: Browser;

beforeAll(async () => {
  server = await startTestServer();
  admin = new Browser(server.url);
  const { adminEmail, adminPassword } = server.server.bootstrap!;
  await admin.expect(200, 'POST', '/auth/login', {
    body: { email: adminEmail, password: adminPassword },
    csrf: false,
  });
});
afterAll(async () => {
  await server?.close();
});

const MB = 1024 * 1024;
const bearer = () => ({ authorization: `Bearer ${server.token}` });

function postSupport(body: FormData | string, headers: Record<string, string> = bearer()) {
  return fetch(`${server.url}/support`, { method: 'POST', headers, body });
}

async function expectError(response: Response, status: number, code: string): Promise<{ message: string }> {
  const body = (await response.json()) as { code: string; message: string };
  expect(response.status, JSON.stringify(body)).toBe(status);
  expect(body.code).toBe(code);
  expect(body.message.length).toBeGreaterThan(5);
  return body;
}

interface SupportRequestDto {
  id: string;
  subject: string;
  message: string;
  email: string | null;
  attachments: Array<{ id: string; filename: string; contentType: string; size: number }>;
}

describe('POST /support', () => {
  it('keeps the request with its files, emails the support address, and admins read and download them', async () => {
    const response = await postSupport(
      supportForm({ subject: '  Crawl stuck  ', message: 'It says running since noon.' }, [
        file('screen.png', PNG, 'image/png'),
        file('photo.JPG', JPEG, 'image/jpeg'),
        file('invoice.pdf', PDF, 'application/pdf'),
      ]),
    );
    expect(response.status).toBe(201);
    const sent = (await response.json()) as SupportRequestDto;
    expect(sent).toMatchObject({ subject: 'Crawl stuck', message: 'It says running since noon.' });
    expect(sent.attachments.map((a) => [a.filename, a.contentType, a.size])).toEqual([
      ['screen.png', 'image/png', PNG.length],
      ['photo.JPG', 'image/jpeg', JPEG.length],
      ['invoice.pdf', 'application/pdf', PDF.length],
    ]);

    // No SMTP here: the email waits in the outbox, addressed to the admin (no TRAWL_SUPPORT_EMAIL).
    const outbox = await admin.expect<{ results: Array<{ to: string; subject: string; text: string }> }>(
      200,
      'GET',
      '/admin/outbox?limit=100',
    );
    const email = outbox.results.find((e) => e.subject === 'Support request: Crawl stuck');
    expect(email?.to).toBe('admin@localhost');
    expect(email?.text).toContain('It says running since noon.');
    expect(email?.text).toContain('screen.png (image/png');
    expect(email?.text).toContain(`/admin/support (request ${sent.id})`);

    const page = await admin.expect<{ results: SupportRequestDto[]; totalResults: number }>(
      200,
      'GET',
      '/admin/support-requests',
    );
    expect(page.results.map((r) => r.id)).toContain(sent.id);
    const one = await admin.expect<SupportRequestDto & { teamId: string }>(
      200,
      'GET',
      `/admin/support-requests/${sent.id}`,
    );
    expect(one.teamId).toBe(server.teamId);
    for (const [name, bytes] of [
      ['screen.png', PNG],
      ['invoice.pdf', PDF],
    ] as const) {
      const attachment = one.attachments.find((a) => a.filename === name)!;
      const download = await admin.request(
        'GET',
        `/admin/support-requests/${sent.id}/attachments/${attachment.id}`,
      );
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe(attachment.contentType);
      expect(download.headers.get('content-disposition')).toContain(`filename="${attachment.filename}"`);
      expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('takes a request without files, from a browser session with its CSRF header', async () => {
    const { browser, email } = await signUp(server.url);
    const cookie = [...browser.cookies].map(([name, c]) => `${name}=${c.value}`).join('; ');
    const form = supportForm({ subject: 'Billing', message: 'Which plan?' });
    const withoutCsrf = await postSupport(form, { cookie });
    expect(withoutCsrf.status).toBe(403);
    const response = await postSupport(form, {
      cookie,
      'x-csrf-token': browser.cookies.get('trawl_csrf')!.value,
    });
    expect(response.status).toBe(201);
    const sent = (await response.json()) as SupportRequestDto;
    expect(sent.email).toBe(email);
    expect(sent.attachments).toEqual([]);
  });

  it('refuses more than 5 files with 400 too_many_files', async () => {
    const files = Array.from({ length: 6 }, (_, i) => file(`s${i}.png`, PNG));
    await expectError(
      await postSupport(supportForm({ subject: 's', message: 'm' }, files)),
      400,
      'too_many_files',
    );
  });

  it('refuses a file over 5 MB with 413 file_too_large, and more than 10 MB in all with 413 payload_too_large', async () => {
    const big = await expectError(
      await postSupport(
        supportForm({ subject: 's', message: 'm' }, [file('big.png', pngOfSize(5 * MB + 1))]),
      ),
      413,
      'file_too_large',
    );
    expect(big.message).toContain('big.png');
    // Each within its limit, together over 10 MB (and within the body limit, so the files are read).
    const together = [4 * MB, 4 * MB, 2.1 * MB].map((size, i) => file(`p${i}.png`, pngOfSize(size)));
    await expectError(
      await postSupport(supportForm({ subject: 's', message: 'm' }, together)),
      413,
      'payload_too_large',
    );
    // A body far over the limit is refused from its Content-Length, before any of it is read.
    const early = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(`${server.url}/support`, {
        method: 'POST',
        headers: {
          ...bearer(),
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(50 * MB),
        },
      });
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body });
          request.destroy();
        });
      });
      request.on('error', reject);
      request.write('--x\r\n');
    });
    expect(early.status).toBe(413);
    expect(JSON.parse(early.body)).toMatchObject({ code: 'payload_too_large' });
  });

  it('checks the kind of each file by its content, not only by its name or type', async () => {
    const cases = [
      file('notes.txt', Buffer.from('plain text'), 'text/plain'),
      // A PNG name and type on something else.
      file('fake.png', Buffer.from('MZ\x90\x00 not an image'), 'image/png'),
      // A real PNG under a name Trawl does not take.
      file('image.exe', PNG, 'image/png'),
      // A PDF named as a PNG: the name promises one kind, the content is another.
      file('report.png', PDF, 'image/png'),
      file('empty.pdf', Buffer.alloc(0), 'application/pdf'),
    ];
    for (const f of cases) {
      const error = await expectError(
        await postSupport(supportForm({ subject: 's', message: 'm' }, [file('ok.png', PNG), f])),
        400,
        'unsupported_file_type',
      );
      expect(error.message).toContain(f.name);
    }
  });

  it('needs a subject and a message', async () => {
    for (const [fields, path] of [
      [{ message: 'm' }, 'subject'],
      [{ subject: 's' }, 'message'],
      [{ subject: '   ', message: 'm' }, 'subject'],
      [{ subject: 's', message: '' }, 'message'],
    ] as const) {
      const response = await postSupport(supportForm(fields));
      const body = (await response.json()) as { code: string; details: Array<{ path: string }> };
      expect(response.status).toBe(400);
      expect(body.code).toBe('validation_error');
      expect(body.details.map((d) => d.path)).toEqual([path]);
    }
  });

  it('answers 415 to a JSON body and 401 without credentials', async () => {
    await expectError(
      await postSupport(JSON.stringify({ subject: 's', message: 'm' }), {
        ...bearer(),
        'content-type': 'application/json',
      }),
      415,
      'unsupported_media_type',
    );
    await expectError(
      await postSupport(supportForm({ subject: 's', message: 'm' }), {}),
      401,
      'unauthorized',
    );
  });

  it('keeps its admin routes for admins, and answers 404 for unknown requests and attachments', async () => {
    const { browser } = await signUp(server.url);
    for (const path of ['/admin/support-requests', '/admin/crawl-result-reports']) {
      const response = await browser.request('GET', path);
      expect(response.status).toBe(403);
    }
    const sent = (await (
      await postSupport(supportForm({ subject: 's', message: 'm' }, [file('a.png', PNG)]))
    ).json()) as SupportRequestDto;
    const other = (await (
      await postSupport(supportForm({ subject: 't', message: 'n' }, [file('b.png', PNG)]))
    ).json()) as SupportRequestDto;
    for (const path of [
      '/admin/support-requests/00000000-0000-4000-8000-000000000000',
      '/admin/support-requests/not-an-id',
      `/admin/support-requests/${sent.id}/attachments/${other.attachments[0]!.id}`,
    ]) {
      const response = await admin.request('GET', path);
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { code: string }).code).toBe('not_found');
    }
  });
});

describe('POST /support/crawl-result-report', () => {
  const report = (body: unknown, token = server.token) =>
    fetch(`${server.url}/support/crawl-result-report`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it("keeps a report on the team's result with its dedup facts, and admins see it", async () => {
    const { resultIds, crawlId } = await seedCrawl(server.server.deps.db, server, { duplicates: [4, 0] });
    const response = await report({
      crawlResultId: resultIds[0],
      problemType: 'missing_information',
      description: 'The pricing table is gone',
    });
    expect(response.status).toBe(201);
    const kept = (await response.json()) as Record<string, unknown>;
    expect(kept).toMatchObject({
      crawlResultId: resultIds[0],
      crawlId,
      problemType: 'missing_information',
      description: 'The pricing table is gone',
      duplicatesRemovedCount: 4,
      deduplicateContent: true,
      url: 'https://docs.example.com/page-1',
    });
    // Additional details are optional.
    expect((await report({ crawlResultId: resultIds[1], problemType: 'other' })).status).toBe(201);
    const reports = await admin.expect<{ results: Array<{ id: string; teamId: string }> }>(
      200,
      'GET',
      '/admin/crawl-result-reports',
    );
    expect(reports.results.find((r) => r.id === kept.id)?.teamId).toBe(server.teamId);
  });

  it("answers 404 for another team's result and for an unknown one", async () => {
    const database = { db: server.server.deps.db } as DatabaseHandle;
    const other = await createTeamWithToken(database);
    const theirs = await seedCrawl(server.server.deps.db, other);
    for (const crawlResultId of [theirs.resultIds[0], '00000000-0000-4000-8000-000000000000', 'nope']) {
      await expectError(
        await report({ crawlResultId, problemType: 'other', description: 'x' }),
        404,
        'not_found',
      );
    }
    // Their token reaches their own result.
    expect(
      (await report({ crawlResultId: theirs.resultIds[0], problemType: 'other' }, other.token)).status,
    ).toBe(201);
  });

  it('refuses an unknown problem type and a missing result id', async () => {
    const { resultIds } = await seedCrawl(server.server.deps.db, server);
    const bad = await report({ crawlResultId: resultIds[0], problemType: 'broken' });
    const body = (await bad.json()) as { code: string; details: Array<{ path: string; message: string }> };
    expect(bad.status).toBe(400);
    expect(body.details[0]).toMatchObject({ path: 'problemType' });
    expect(body.details[0]!.message).toContain('missing_information');
    await expectError(await report({ problemType: 'other' }), 400, 'validation_error');
  });
});

describe('with SMTP and TRAWL_SUPPORT_EMAIL', () => {
  it('emails the request to the support address with its files attached', async () => {
    const received: Array<{ to: string; body: string }> = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      size: 30 * MB,
      onData(stream, session, callback) {
        let body = '';
        stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as { port: number }).port;
    const mailing = await startTestServer({
      env: { TRAWL_SMTP_URL: `smtp://127.0.0.1:${port}`, TRAWL_SUPPORT_EMAIL: 'help@example.com' },
    });
    try {
      const response = await fetch(`${mailing.url}/support`, {
        method: 'POST',
        headers: { authorization: `Bearer ${mailing.token}` },
        body: supportForm({ subject: 'Help', message: 'Please' }, [file('shot.png', PNG)]),
      });
      expect(response.status).toBe(201);
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toBe('help@example.com');
      expect(received[0]!.body).toContain('Subject: Support request: Help');
      expect(received[0]!.body).toMatch(/Content-Type: image\/png; name=shot\.png/);
      expect(received[0]!.body).toContain(PNG.toString('base64').slice(0, 12));
    } finally {
      await mailing.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
