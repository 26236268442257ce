/* A minimal Server-Sent Events client for tests and the streams bench: raw HTTP, frames parsed as they arrive. */
import http from 'node:http';

export interface ReceivedSseEvent {
  id?: string;
  event?: string;
  data: string;
  /** When the frame was parsed (ms since epoch). */
  receivedAt: number;
}

export interface SseTestClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every event so far, in order (comments and `retry:` lines excluded). */
  events: ReceivedSseEvent[];
  /** `retry:` values seen, in order. */
  retries: number[];
  /** Resolves when `predicate` holds for the events so far (checked on each frame), rejects after `timeoutMs`. */
  waitFor(predicate: (events: ReceivedSseEvent[]) => boolean, timeoutMs?: number): Promise<void>;
  /** Resolves when the server ended the response. */
  ended: Promise<void>;
  readonly isEnded: boolean;
  /** Stops reading (the socket's buffers fill up), or resumes. */
  pause(): void;
  resume(): void;
  /** Bytes received so far. */
  readonly bytes: number;
  close(): void;
  /** The body of a non-200 answer. */
  body(): string;
}

export function parseSseFrame(frame: string, receivedAt: number): ReceivedSseEvent | { retry: number } | null {
  const event: ReceivedSseEvent = { data: '', receivedAt };
  const data: string[] = [];
  let retry: number | undefined;
  for (const line of frame.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') event.id = value;
    else if (field === 'event') event.event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry') retry = Number(value);
  }
  if (data.length > 0) return { ...event, data: data.join('\n') };
  return retry === undefined ? null : { retry };
}

export function openSseClient(url: string, headers: Record<string, string> = {}): Promise<SseTestClient> {
  return new Promise((resolve, reject) => {
    // A connection of its own, as a browser's EventSource has: never a pooled socket the server is about to close.
    const options = { agent: false, headers: { Accept: 'text/event-stream', ...headers } };
    const request = http.get(url, options, (response) => {
      const events: ReceivedSseEvent[] = [];
      const retries: number[] = [];
      const watchers = new Set<() => void>();
      let buffer = '';
      let raw = '';
      let bytes = 0;
      let isEnded = false;
      const ended = new Promise<void>((done) => {
        response.once('close', () => {
          isEnded = true;
          for (const watch of [...watchers]) watch();
          done();
        });
      });
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        bytes += Buffer.byteLength(chunk);
        if (response.statusCode !== 200) {
          raw += chunk;
          return;
        }
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const parsed = parseSseFrame(buffer.slice(0, end), Date.now());
          buffer = buffer.slice(end + 2);
          if (parsed && 'retry' in parsed) retries.push(parsed.retry);
          else if (parsed) events.push(parsed);
        }
        for (const watch of [...watchers]) watch();
      });
      response.on('error', () => undefined);
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        events,
        retries,
        ended,
        get isEnded() {
          return isEnded;
        },
        get bytes() {
          return bytes;
        },
        waitFor: (predicate, timeoutMs = 10_000) =>
          new Promise<void>((done, fail) => {
            const check = (): void => {
              if (predicate(events)) {
                cleanup();
                done();
              } else if (isEnded) {
                cleanup();
                fail(new Error(`stream ended before the condition held (${events.length} events)`));
              }
            };
            const timer = setTimeout(() => {
              cleanup();
              fail(new Error(`condition not met within ${timeoutMs} ms (${events.length} events)`));
            }, timeoutMs);
            const cleanup = (): void => {
              clearTimeout(timer);
              watchers.delete(check);
            };
            watchers.add(check);
            check();
          }),
        pause: () => response.pause(),
        resume: () => response.resume(),
        close: () => request.destroy(),
        body: () => raw,
      });
    });
    request.on('error', reject);
  });
}
