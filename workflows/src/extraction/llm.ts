import OpenAI from 'openai';
import { joinBlocks, splitBlocks } from '../crawler/dedup.js';
import { createLimiter } from '../crawler/limiter.js';
import type { ExtractionInput, PageExtraction, PageExtractor } from './types.js';

// The model extractor: any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, vLLM, a gateway)
// through the official client, which times requests out and retries 429s, 5xx and lost connections with
// backoff (honouring Retry-After). Answers are structured output: a JSON schema the model must follow.

export interface LlmConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Per request. @default 60000 */
  timeoutMs?: number;
  /** Retries of a request that got a 429, a 5xx, a timeout or no connection. @default 3 */
  maxRetries?: number;
  /** Requests in flight at once from this process. @default 4 */
  concurrency?: number;
  /** The model's context window in tokens; longer pages are split into parts. @default 8192 */
  contextTokens?: number;
}

/** A model answer that could not be used: malformed JSON, the wrong shape, data failing the schema. */
export class ExtractionAnswerError extends Error {}

const SYSTEM = [
  'You apply an extraction instruction to one web page given as markdown.',
  'Decide whether the page matches what the instruction asks for.',
  'If it matches, return in "content" the part of the page the instruction asks for, as markdown copied from the page (not a summary).',
  'If it does not match, return matches false and empty content.',
  'Give a one-sentence reason.',
].join(' ');

/** Rough token count of text: about four characters a token, which errs long for English. */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

/** The response schema: the decision, the content and, with an extraction schema, `data`. */
export function answerSchema(schema: Record<string, unknown> | null): Record<string, unknown> {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['matches', 'reason', 'content', 'data'],
    properties: {
      matches: { type: 'boolean' },
      reason: { type: 'string' },
      content: { type: 'string' },
      data: schema ? { anyOf: [schema, { type: 'null' }] } : { type: 'null' },
    },
  };
}

interface Answer {
  matches: boolean;
  reason: string;
  content: string;
  data: unknown;
}

function parseAnswer(text: string | null | undefined): Answer {
  let value: unknown;
  try {
    value = JSON.parse(text ?? '');
  } catch {
    throw new ExtractionAnswerError(
      `The model's answer is not JSON: ${JSON.stringify((text ?? '').slice(0, 80))}`,
    );
  }
  const a = value as Partial<Answer> | null;
  if (!a || typeof a !== 'object' || typeof a.matches !== 'boolean' || typeof a.content !== 'string')
    throw new ExtractionAnswerError('The model’s answer lacks "matches" or "content".');
  return {
    matches: a.matches,
    reason: typeof a.reason === 'string' ? a.reason : '',
    content: a.content,
    data: a.data ?? null,
  };
}

/** Splits markdown at block boundaries into parts of at most `maxChars` (a single longer block is cut). */
export function splitForContext(markdown: string, maxChars: number): string[] {
  const parts: string[] = [];
  let current: string[] = [];
  let size = 0;
  for (const block of splitBlocks(markdown)) {
    const pieces =
      block.text.length > maxChars ? block.text.match(new RegExp(`[^]{1,${maxChars}}`, 'g'))! : [block.text];
    for (const piece of pieces) {
      if (size + piece.length > maxChars && current.length) {
        parts.push(current.join('\n\n'));
        current = [];
        size = 0;
      }
      current.push(piece);
      size += piece.length + 2;
    }
  }
  if (current.length) parts.push(current.join('\n\n'));
  return parts.length ? parts : [''];
}

/** Data of several parts as one: objects merged, arrays concatenated, the first scalar kept. */
function mergeData(values: unknown[]): unknown {
  const present = values.filter((v) => v !== null && v !== undefined);
  if (present.length <= 1) return present[0] ?? null;
  if (present.every(Array.isArray)) return present.flat();
  if (present.every((v) => typeof v === 'object' && !Array.isArray(v))) {
    const out: Record<string, unknown> = {};
    for (const v of present as Array<Record<string, unknown>>)
      for (const [k, x] of Object.entries(v)) out[k] = k in out ? mergeData([out[k], x]) : x;
    return out;
  }
  return present[0];
}

export function createLlmExtractor(config: LlmConfig): PageExtractor {
  const client = new OpenAI({
    baseURL: config.baseUrl,
    apiKey: config.apiKey || 'none',
    timeout: config.timeoutMs ?? 60_000,
    maxRetries: config.maxRetries ?? 3,
  });
  const limit = createLimiter(config.concurrency ?? 4);
  const contextTokens = config.contextTokens ?? 8192;

  const ask = async (
    input: ExtractionInput,
    part: string,
    label: string,
    signal: AbortSignal,
  ): Promise<Answer & { tokens: number }> => {
    const completion = await limit(() =>
      client.chat.completions.create(
        {
          model: config.model,
          temperature: 0,
          messages: [
            { role: 'system', content: SYSTEM },
            {
              role: 'user',
              content: `Instruction: ${input.instruction}\n\nURL: ${input.url}\nTitle: ${input.title}${label}\n\n---\n${part}`,
            },
          ],
          response_format: {
            type: 'json_schema',
            json_schema: {
              name: 'page_extraction',
              strict: !input.schema,
              schema: answerSchema(input.schema),
            },
          },
        },
        { signal },
      ),
    );
    const answer = parseAnswer(completion.choices[0]?.message?.content);
    return { ...answer, tokens: completion.usage?.total_tokens ?? 0 };
  };

  return {
    method: 'llm',
    async extract(input, signal): Promise<PageExtraction> {
      // Room for the page: the window less the prompt, the schema and as much again for the answer.
      const overhead = estimateTokens(SYSTEM + input.instruction + input.url + input.title) + 64;
      const schemaTokens = estimateTokens(JSON.stringify(answerSchema(input.schema)));
      const room = Math.max(256, Math.floor((contextTokens - overhead - schemaTokens) / 2));
      const parts = splitForContext(input.markdown, room * 4);
      const answers = [];
      for (const [i, part] of parts.entries()) {
        const label = parts.length > 1 ? `\nPart ${i + 1} of ${parts.length} of the page` : '';
        answers.push(await ask(input, part, label, signal));
      }
      const matching = answers.filter((a) => a.matches);
      const tokens = answers.reduce((sum, a) => sum + a.tokens, 0);
      return {
        matches: matching.length > 0,
        reason: (matching[0] ?? answers[0])?.reason ?? '',
        content: joinBlocks(matching.flatMap((a) => splitBlocks(a.content))),
        data: mergeData(matching.map((a) => a.data)),
        tokens,
        parts: parts.length,
      };
    },
  };
}
