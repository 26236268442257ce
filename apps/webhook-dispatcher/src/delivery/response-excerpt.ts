/** What a receiver answered, fit for webhook_attempts and `lastErrorMessage`: at most 200 printable characters. */
const EXCERPT_MAX_CHARS = 200;

export function sanitizedExcerpt(bytes: Buffer): string | null {
  // Control characters (newlines included) and the replacement character of broken UTF-8 become spaces.
  const printable = Array.from(bytes.toString('utf8'), (char) => {
    const code = char.codePointAt(0) ?? 0;
    return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0xfffd ? ' ' : char;
  }).join('');
  const text = printable.replace(/\s+/g, ' ').trim();
  if (text === '') return null;
  return text.length > EXCERPT_MAX_CHARS ? `${text.slice(0, EXCERPT_MAX_CHARS - 1)}…` : text;
}
