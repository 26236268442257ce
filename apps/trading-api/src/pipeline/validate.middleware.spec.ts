import { describe, expect, it } from '@jest/globals';
import { isAppError } from '#shared/errors/app-error.js';
import { parseJsonBody } from './validate.middleware.js';

const json = 'application/json';
const body = (text: string) => Buffer.from(text, 'utf8');

function refusal(text: string, contentType = json): { code: string; detail: string } {
  try {
    parseJsonBody(body(text), contentType);
  } catch (error) {
    if (isAppError(error)) return { code: error.code, detail: error.detail };
    throw error;
  }
  throw new Error('the body was accepted');
}

describe('parseJsonBody', () => {
  it('parses JSON bodies, astral characters (surrogate pairs, escaped or not) included', () => {
    expect(parseJsonBody(body('{"metadata":{"k":"😀 \\ud83d\\ude00"}}'), json)).toEqual({ metadata: { k: '😀 😀' } });
    expect(parseJsonBody(Buffer.alloc(0), json)).toBeUndefined();
  });

  it('refuses an unpaired surrogate escape in a value or a member name with 400 VALIDATION_FAILED (fuzz finding: it was a 500 from MySQL)', () => {
    for (const text of ['{"metadata":{"k":"\\ud800"}}', '{"metadata":{"k":"a\\udc00b"}}', '{"\\ud83d":1}']) {
      expect(refusal(text)).toEqual({
        code: 'VALIDATION_FAILED',
        detail: expect.stringContaining('well-formed Unicode'),
      });
    }
  });

  it('refuses other media types and malformed JSON', () => {
    expect(refusal('{}', 'text/plain').detail).toContain('Content-Type: application/json');
    expect(refusal('{"a":').detail).toBe('Request body is not valid JSON.');
  });
});
