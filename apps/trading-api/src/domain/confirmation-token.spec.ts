import { describe, expect, it } from '@jest/globals';
import {
  confirmationTokenMatches,
  deriveConfirmationKeys,
  issueConfirmationToken,
  issuedConfirmationToken,
} from './confirmation-token.js';

const OLD = 'the-pepper-before-the-rotation-000000000';
const NEW = 'the-pepper-after-the-rotation-0000000000';
const TRADE = '0b8e4a52-6f0e-4d8a-9a55-2d6f3f0c9b11';

describe('confirmation tokens', () => {
  it('issue a 32-byte token whose stored hash is not the token, matched only by that token', () => {
    const keys = deriveConfirmationKeys(NEW);
    const { token, hash } = issueConfirmationToken(keys, TRADE);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hash).not.toContain(token);
    expect(confirmationTokenMatches(keys, token, hash)).toBe(true);
    expect(confirmationTokenMatches(keys, issueConfirmationToken(keys, `${TRADE.slice(0, -1)}2`).token, hash)).toBe(
      false,
    );
    expect(issuedConfirmationToken(keys, TRADE, hash)).toBe(token);
  });

  it('during a pepper rotation, open and replay the tokens the previous pepper issued, and issue under the new one', () => {
    const before = issueConfirmationToken(deriveConfirmationKeys(OLD), TRADE);
    const rotating = deriveConfirmationKeys(NEW, OLD);
    expect(confirmationTokenMatches(rotating, before.token, before.hash)).toBe(true);
    expect(issuedConfirmationToken(rotating, TRADE, before.hash)).toBe(before.token);
    const after = issueConfirmationToken(rotating, TRADE);
    expect(after).toEqual(issueConfirmationToken(deriveConfirmationKeys(NEW), TRADE));
    expect(after.token).not.toBe(before.token);
    // Once the previous pepper is dropped, its tokens no longer open.
    expect(confirmationTokenMatches(deriveConfirmationKeys(NEW), before.token, before.hash)).toBe(false);
  });
});
