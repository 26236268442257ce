/**
 * Off-chain UUIDs (users, markets, trades) as on-chain `bytes32`: the UUID's 16 bytes left-padded with 16 zero
 * bytes, i.e. `0x` + 32 zeros + the UUID's hex digits without dashes (lower case). The mapping is a bijection
 * onto the bytes32 values whose high 16 bytes are zero, so the contracts' CREATE2 salts (market id, user id) and
 * trade ids are deterministic from the database ids. The zero UUID maps to the zero id, which SmartAccount rejects.
 */
import type { Hex } from 'viem';
import { AppError } from '../errors/app-error.js';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BYTES32_UUID_PATTERN = /^0x0{32}([0-9a-f]{32})$/i;

/** `0x000…000<uuid hex>` for a canonical UUID string; VALIDATION_FAILED otherwise. */
export function uuidToBytes32(uuid: string): Hex {
  if (!UUID_PATTERN.test(uuid)) {
    throw new AppError('VALIDATION_FAILED', { detail: 'expected a UUID (8-4-4-4-12 hex digits)' });
  }
  return `0x${'0'.repeat(32)}${uuid.replace(/-/g, '').toLowerCase()}`;
}

/** The lower-case UUID of a bytes32 made by {@link uuidToBytes32}; VALIDATION_FAILED for any other value. */
export function bytes32ToUuid(value: Hex): string {
  const digits = BYTES32_UUID_PATTERN.exec(value)?.[1];
  if (digits === undefined) {
    throw new AppError('VALIDATION_FAILED', { detail: 'expected a bytes32 holding a left-padded UUID' });
  }
  const hex = digits.toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
