import { describe, expect, it } from '@jest/globals';
import { codeOf, messageOf } from './thrown-values.js';

describe('messageOf and codeOf', () => {
  it("read an Error's message and a driver error's code", () => {
    const error = Object.assign(new Error('deadlock found'), { code: 'ER_LOCK_DEADLOCK' });
    expect(messageOf(error)).toBe('deadlock found');
    expect(codeOf(error)).toBe('ER_LOCK_DEADLOCK');
    expect(codeOf({ code: 409 })).toBe(409);
  });

  it('fall back for anything else that can be thrown', () => {
    expect(messageOf('plain string')).toBe('plain string');
    expect(messageOf(undefined)).toBe('undefined');
    expect(codeOf('plain string')).toBeUndefined();
    expect(codeOf(null)).toBeUndefined();
    expect(codeOf(new Error('no code'))).toBeUndefined();
  });
});
