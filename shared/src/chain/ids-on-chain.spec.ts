import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { bytes32ToUuid, uuidToBytes32 } from './ids-on-chain.js';

describe('uuidToBytes32', () => {
  it('left-pads the 16 UUID bytes with 16 zero bytes', () => {
    expect(uuidToBytes32('0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe(
      '0x000000000000000000000000000000000f8fad5bd9cb469fa16570867728950e',
    );
  });

  it('maps the nil UUID to the zero id (which SmartAccount rejects)', () => {
    expect(uuidToBytes32('00000000-0000-0000-0000-000000000000')).toBe(`0x${'0'.repeat(64)}`);
  });

  it.each(['', 'not-a-uuid', '0f8fad5bd9cb469fa16570867728950e', '0f8fad5b-d9cb-469f-a165-70867728950'])(
    'rejects %p with VALIDATION_FAILED',
    (value) => {
      expect(() => uuidToBytes32(value)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    },
  );
});

describe('bytes32ToUuid', () => {
  it('round-trips every UUID (lower-cased)', () => {
    fc.assert(
      fc.property(fc.uuid(), (uuid) => {
        expect(bytes32ToUuid(uuidToBytes32(uuid))).toBe(uuid.toLowerCase());
      }),
    );
  });

  it('rejects a bytes32 whose high 16 bytes are not zero', () => {
    expect(() => bytes32ToUuid(`0x${'01'.repeat(32)}`)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });
});
