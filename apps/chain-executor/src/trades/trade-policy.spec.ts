import { describe, expect, it } from '@jest/globals';
import { policyRejection } from './trade-policy.js';

const now = new Date('2026-11-22T12:00:00Z');
const activeKey = { revokedAt: null, expiresAt: null };

describe('policyRejection', () => {
  it('lets a trade of an active key through while processing runs', () => {
    expect(policyRejection(activeKey, false, now)).toBeNull();
    expect(policyRejection({ revokedAt: null, expiresAt: new Date(now.getTime() + 1) }, false, now)).toBeNull();
  });

  it('rejects every trade while processing is halted', () => {
    expect(policyRejection(activeKey, true, now)?.code).toBe('TRADE_PROCESSING_HALTED');
  });

  it('rejects a trade whose key was revoked (or deleted) since creation', () => {
    expect(policyRejection({ revokedAt: now, expiresAt: null }, false, now)?.code).toBe('API_KEY_REVOKED');
    expect(policyRejection(null, false, now)?.code).toBe('API_KEY_REVOKED');
  });

  it('rejects a trade whose key expired at or before now', () => {
    expect(policyRejection({ revokedAt: null, expiresAt: now }, false, now)?.code).toBe('API_KEY_EXPIRED');
  });
});
