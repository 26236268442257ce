/*
 * Minimal raw rows for the schema tests: each builder inserts one valid row (parents supplied by the caller)
 * and returns its id. Only the constraint tests use these; application code goes through repositories.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Inserts `row` into `table` under a fresh UUID and returns the id. */
async function insertWithId(db: Knex, table: string, row: Record<string, unknown>): Promise<string> {
  const id = randomUUID();
  await db(table).insert({ id, ...row });
  return id;
}

export const insertUserRow = (db: Knex): Promise<string> =>
  insertWithId(db, 'users', { email: `${randomUUID()}@example.test` });

export async function insertApiKeyRow(db: Knex, userId: string, keyHash = sha256Hex(randomUUID())): Promise<string> {
  return insertWithId(db, 'api_keys', {
    user_id: userId,
    env: 'test',
    key_hash: keyHash,
    last4: keyHash.slice(-4),
    tier: 'enterprise',
    scopes: JSON.stringify(['markets:read', 'trades:write']),
  });
}

/** A user with one API key. */
export async function insertKeyedUserRows(db: Knex): Promise<{ userId: string; apiKeyId: string }> {
  const userId = await insertUserRow(db);
  return { userId, apiKeyId: await insertApiKeyRow(db, userId) };
}

export async function insertMarketRow(db: Knex): Promise<string> {
  return insertWithId(db, 'markets', {
    question: 'Will the test pass?',
    description: '',
    category: 'testing',
    tags: JSON.stringify([]),
    outcomes: JSON.stringify(['YES', 'NO']),
    outcome_count: 2,
  });
}

export interface TradeRowInput {
  apiKeyId: string;
  userId: string;
  marketId: string;
  clientRequestId?: string | null;
  tokensOut?: string | null;
}

export async function insertTradeRow(db: Knex, input: TradeRowInput): Promise<string> {
  const id = randomUUID();
  await db('trades').insert({
    id,
    api_key_id: input.apiKeyId,
    user_id: input.userId,
    market_id: input.marketId,
    outcome_index: 0,
    side: 'buy',
    amount: '10',
    amount_atomic: '10000000',
    status: 'pending',
    correlation_id: randomUUID(),
    client_request_id: input.clientRequestId ?? null,
    tokens_out: input.tokensOut ?? null,
    metadata: JSON.stringify({}),
    request_hash: sha256Hex(id),
  });
  return id;
}

export async function insertIdempotencyKeyRow(db: Knex, apiKeyId: string, idemKey: string): Promise<void> {
  await db('idempotency_keys').insert({
    api_key_id: apiKeyId,
    idem_key: idemKey,
    route: 'POST /v1/trades',
    request_hash: sha256Hex(idemKey),
    expires_at: new Date(Date.now() + 86_400_000),
  });
}

export interface RedemptionRowInput {
  userId: string;
  marketId: string;
  outcomeIndex: number;
}

/** An open claim: `open_claim_key` set, as the redemption writer does. */
export async function insertOpenRedemptionRow(db: Knex, input: RedemptionRowInput): Promise<string> {
  return insertWithId(db, 'redemptions', {
    user_id: input.userId,
    market_id: input.marketId,
    outcome_index: input.outcomeIndex,
    status: 'pending',
    open_claim_key: `${input.userId}:${input.marketId}:${input.outcomeIndex}`,
  });
}

export async function insertMarketTradeRow(
  db: Knex,
  marketId: string,
  txHash: string,
  logIndex: number,
): Promise<void> {
  await db('market_trades').insert({
    id: randomUUID(),
    market_id: marketId,
    chain_id: 31337,
    tx_hash: txHash,
    log_index: logIndex,
    block_number: 1,
    block_time: new Date(),
    trader: `0x${'ab'.repeat(20)}`,
    outcome_index: 0,
    side: 'buy',
    usdc: '1000000',
    tokens: '1950000000000000000',
    price: '512820512820512820',
    probability_after: '510000000000000000',
  });
}

/** Resolves to the MySQL error code of the rejected promise (e.g. ER_DUP_ENTRY), or throws if it resolved. */
export async function mysqlErrorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: string }).code ?? 'UNKNOWN';
  }
  throw new Error('expected the statement to be rejected, but it succeeded');
}

/** COUNT(*) of the rows matching `where` (COUNT is BIGINT, which the pool returns as a string). */
export async function countRows(db: Knex, table: string, where: Record<string, string>): Promise<number> {
  const [row] = await db(table).where(where).count({ n: '*' });
  return Number(row?.n);
}
