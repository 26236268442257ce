/* readSseMessages over a body cut into chunks at every position, CRLF line endings included. */
import { describe, expect, it } from '@jest/globals';
import { readSseMessages, type SseMessage } from './sse-reader.js';

const bodyOf = (chunks: string[]): ReadableStream<Uint8Array> => {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
};

const read = async (chunks: string[]): Promise<SseMessage[]> => {
  const messages: SseMessage[] = [];
  for await (const message of readSseMessages(bodyOf(chunks))) messages.push(message);
  return messages;
};

const expected: SseMessage[] = [
  { id: '1', event: 'trade.completed', data: 'line one\nline two' },
  { id: '2', event: 'message', data: 'x', retry: 500 },
];

describe('readSseMessages', () => {
  for (const [name, newline] of [
    ['CRLF', '\r\n'],
    ['CR', '\r'],
    ['LF', '\n'],
  ]) {
    it(`reads the same messages (${name} line endings) however the body is split into two or three chunks`, async () => {
      const text = [
        ': heartbeat',
        '',
        'id: 1',
        'event: trade.completed',
        'data: line one',
        'data: line two',
        '',
        'id: 2',
        'retry: 500',
        'data: x',
        '',
        '',
      ].join(newline);
      for (let cut = 0; cut <= text.length; cut += 1) {
        expect(await read([text.slice(0, cut), text.slice(cut)])).toEqual(expected);
        for (let second = cut; second <= text.length; second += 1) {
          expect(await read([text.slice(0, cut), text.slice(cut, second), text.slice(second)])).toEqual(expected);
        }
      }
    });
  }
});
