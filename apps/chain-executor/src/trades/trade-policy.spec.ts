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

  it('rejects a sandbox trade placed with X-Service-Simulate: reject, after the organic reasons', () => {
    expect(policyRejection(activeKey, false, now, { kind: 'reject' })).toEqual({
      code: 'TRADE_REJECTED_BY_OPERATOR',
      message: 'The sandbox rejected the trade as asked (X-Service-Simulate: reject)',
    });
    expect(policyRejection(activeKey, true, now, { kind: 'reject' })?.code).toBe('TRADE_PROCESSING_HALTED');
    expect(policyRejection(activeKey, false, now, { kind: 'delay', delayMs: 5 })).toBeNull();
  });
});
