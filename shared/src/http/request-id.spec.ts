import { describe, expect, it } from '@jest/globals';
import { acceptRequestId } from './request-id.middleware.js';

describe('acceptRequestId', () => {
  it('keeps a plain incoming id', () => {
    expect(acceptRequestId('abc-123_X.y:z')).toBe('abc-123_X.y:z');
  });

  it.each([
    ['absent', undefined],
    ['empty', ''],
    ['too long', 'a'.repeat(129)],
    ['with spaces', 'a b'],
    ['with a newline', 'a\nb'],
    ['with quotes', '"x"'],
  ])('mints a req_ id when the incoming one is %s', (_label, incoming) => {
    expect(acceptRequestId(incoming)).toMatch(/^req_[0-9a-f]{12}[0-9A-Za-z]{16}$/);
  });
});
