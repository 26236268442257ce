/* Server-Sent Events framing (WHATWG HTML §9.2): a byte stream in, one message per blank-line-terminated block. */

export interface SseMessage {
  id?: string;
  event: string;
  data: string;
  /** A `retry:` hint (ms) seen in this block. */
  retry?: number;
}

function parseBlock(block: string): SseMessage | null {
  const message: SseMessage = { event: 'message', data: '' };
  const data: string[] = [];
  let seen = false;
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') message.id = value;
    else if (field === 'event') message.event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) message.retry = Number(value);
    else continue;
    seen = true;
  }
  if (!seen) return null;
  message.data = data.join('\n');
  return message;
}

/** The messages of `body` as they arrive; comments (heartbeats) are skipped. Ends when the body ends. */
export async function* readSseMessages(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage, void> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  // A trailing `\r` waits for the next chunk: it may be the first half of a `\r\n` split across chunks.
  let heldCr = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      // At the end a held `\r` is a line end of its own.
      let text = heldCr + (done ? '' : decoder.decode(value, { stream: true }));
      heldCr = !done && text.endsWith('\r') ? '\r' : '';
      if (heldCr) text = text.slice(0, -1);
      buffer += text.replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const message = parseBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (message) yield message;
      }
      if (done) return;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
