// A local stand-in for an OpenAI-compatible chat-completions endpoint, on 127.0.0.1, so the real `openai`
// client runs over HTTP in tests. Each test scripts the answers; every request is recorded.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ChatRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
  response_format?: { type: string; json_schema?: { name: string; schema: Record<string, unknown> } };
  /** The page's URL, title and text, as the extractor put them in the user message. */
  page: { url: string; title: string; text: string };
}

/** What the stand-in answers a request with. */
export type StandInAnswer =
  | { json: unknown; tokens?: number }
  | { content: string; tokens?: number }
  | { status: number; headers?: Record<string, string>; body?: unknown }
  | { delayMs: number; then: StandInAnswer }
  /** Answers once `after` settles (a gate the test opens), unless the client went away meanwhile. */
  | { after: Promise<unknown>; then: StandInAnswer };

export interface LlmStandIn {
  /** The base URL to give as TRAWL_LLM_BASE_URL. */
  baseUrl: string;
  requests: ChatRequest[];
  /** The requests answered with a completion (what a provider bills), in the order their answers went out. */
  answered: ChatRequest[];
  /** Connections open to the stand-in now. */
  connections(): number;
  answer: (request: ChatRequest, index: number) => StandInAnswer;
  close(): Promise<void>;
}

function parsePage(content: string): ChatRequest['page'] {
  const url = content.match(/^URL: (.*)$/m)?.[1] ?? '';
  const title = content.match(/^Title: (.*)$/m)?.[1] ?? '';
  const text = content.split('\n---\n').slice(1).join('\n---\n');
  return { url, title, text };
}

const completion = (content: string, tokens: number) => ({
  id: 'chatcmpl-stand-in',
  object: 'chat.completion',
  created: 1_700_000_000,
  model: 'stand-in',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { prompt_tokens: tokens - 10, completion_tokens: 10, total_tokens: tokens },
});

export async function startLlmStandIn(answer: LlmStandIn['answer']): Promise<LlmStandIn> {
  const requests: ChatRequest[] = [];
  const answered: ChatRequest[] = [];
  const sockets = new Set<Socket>();
  const standIn = { answer } as LlmStandIn;
  const reply = async (res: ServerResponse, a: StandInAnswer, request: ChatRequest): Promise<void> => {
    if ('delayMs' in a) {
      await new Promise((r) => setTimeout(r, a.delayMs));
      if (!res.destroyed) await reply(res, a.then, request);
      return;
    }
    if ('after' in a) {
      await a.after;
      if (!res.destroyed) await reply(res, a.then, request);
      return;
    }
    if ('status' in a) {
      res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
      res.end(
        JSON.stringify(a.body ?? { error: { message: `Stand-in error ${a.status}`, type: 'server_error' } }),
      );
      return;
    }
    const content = 'json' in a ? JSON.stringify(a.json) : a.content;
    res.writeHead(200, { 'content-type': 'application/json' });
    answered.push(request);
    res.end(JSON.stringify(completion(content, a.tokens ?? 100)));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Omit<ChatRequest, 'page'>;
      const user = body.messages.find((m) => m.role === 'user')?.content ?? '';
      const request = { ...body, page: parsePage(user) };
      requests.push(request);
      void reply(res, standIn.answer(request, requests.length - 1), request);
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return Object.assign(standIn, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    answered,
    connections: () => sockets.size,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  });
}
