import { describe, expect, it } from '@jest/globals';
import { MAX_REASON_LENGTH, sanitiseReason } from './reject-trade.use-case.js';

describe('sanitiseReason', () => {
  it('turns control, format and line-separator characters into single spaces and trims', () => {
    expect(sanitiseReason(' a\r\n\tb\u0000c\u202ed\u200be\u2028f  ')).toBe('a b c d e f');
  });

  it('masks anything shaped like a plaintext API key or webhook secret', () => {
    const key = `svc_live_${'A1'.repeat(16)}`;
    expect(sanitiseReason(`leaked ${key} here`)).toBe('leaked [redacted] here');
  });

  it('keeps ordinary punctuation and non-ASCII letters', () => {
    expect(sanitiseReason('Fraude suspeita — bilhete #42 (ação manual)')).toBe(
      'Fraude suspeita — bilhete #42 (ação manual)',
    );
  });

  it('refuses empty text and text longer than the column after cleaning', () => {
    expect(() => sanitiseReason('\n \u200b ')).toThrow(/must not be empty/);
    expect(sanitiseReason('x'.repeat(MAX_REASON_LENGTH))).toHaveLength(MAX_REASON_LENGTH);
    expect(() => sanitiseReason('x'.repeat(MAX_REASON_LENGTH + 1))).toThrow(/at most 500/);
  });
});
