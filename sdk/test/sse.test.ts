import { describe, expect, it } from 'vitest';
import { parseSse, type SseMessage } from '../src/index.js';

/** A body delivered in the given chunks, as a network would split it. */
function body(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function read(stream: ReadableStream<Uint8Array>): Promise<SseMessage[]> {
  const messages: SseMessage[] = [];
  for await (const message of parseSse(stream)) messages.push(message);
  return messages;
}

describe('parseSse', () => {
  it('reads ids, event names and data, ignoring comments', async () => {
    expect(
      await read(
        body(': keep-alive\n\nid: 7\nevent: CRAWL_EVENT\ndata: {"a":1}\n\nevent: end\ndata: {}\n\n'),
      ),
    ).toEqual([
      { id: '7', event: 'CRAWL_EVENT', data: '{"a":1}' },
      { id: '7', event: 'end', data: '{}' },
    ]);
  });

  it('joins multi-line data, and handles CRLF, CR and chunks split anywhere (even inside CRLF)', async () => {
    const text = 'id: 1\r\ndata: first\r\ndata: second\r\n\r\nid: 2\rdata:no-space\r\rdata: é\n\n';
    const whole = await read(body(text));
    expect(whole).toEqual([
      { id: '1', event: 'message', data: 'first\nsecond' },
      { id: '2', event: 'message', data: 'no-space' },
      { id: '2', event: 'message', data: 'é' },
    ]);
    // Byte by byte, splitting CRLF pairs and the two bytes of é.
    const bytes = new TextEncoder().encode(text);
    const split = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    expect(await read(split)).toEqual(whole);
  });

  it('drops a message the stream cut before its blank line', async () => {
    expect(await read(body('id: 1\ndata: whole\n\nid: 2\ndata: cut'))).toEqual([
      { id: '1', event: 'message', data: 'whole' },
    ]);
  });
});
