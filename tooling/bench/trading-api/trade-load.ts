/*
 * The trade bench's load generator (in the bench's own process, outside the deployables): an open-loop schedule of
 * POST /v1/trades at a target rate, spread round-robin over funded users, each with a fresh Idempotency-Key. A
 * watcher reads terminal states from MySQL every few milliseconds and stamps each trade's completion at its
 * `finished_at`; latency is that instant minus the moment the client sent the POST.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import type { Knex } from 'knex';
import { percentile } from '#tooling/bench/bench-kit.js';

export interface BenchTrader {
  key: string;
}

export interface PlacedTrade {
  id: string;
  sentAt: number;
  finishedAt?: number;
  status?: string;
  errorCode?: string;
}

export interface LoadResult {
  placed: PlacedTrade[];
  refused: Map<string, number>;
  firstSentAt: number;
}

export async function runTradeLoad(options: {
  api: string;
  marketId: string;
  traders: readonly BenchTrader[];
  ratePerSecond: number;
  seconds: number;
}): Promise<LoadResult> {
  const placed: PlacedTrade[] = [];
  const refused = new Map<string, number>();
  const total = Math.round(options.ratePerSecond * options.seconds);
  const intervalMs = 1000 / options.ratePerSecond;
  const firstSentAt = Date.now();
  const inFlight: Promise<void>[] = [];
  for (let index = 0; index < total; index += 1) {
    const due = firstSentAt + index * intervalMs;
    const wait = due - Date.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const trader = options.traders[index % options.traders.length]!;
    inFlight.push(
      postTrade(options.api, trader, options.marketId).then((outcome) => {
        if (typeof outcome === 'string') refused.set(outcome, (refused.get(outcome) ?? 0) + 1);
        else placed.push(outcome);
      }),
    );
  }
  await Promise.all(inFlight);
  return { placed, refused, firstSentAt };
}

/** One keep-alive agent for the whole load: node:http costs the generator a fraction of what fetch does. */
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

async function postTrade(api: string, trader: BenchTrader, marketId: string): Promise<PlacedTrade | string> {
  const sentAt = Date.now();
  const body = JSON.stringify({ marketId, outcomeIndex: 0, amount: '1', side: 'buy' });
  try {
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = httpRequest(
        `${api}/v1/trades`,
        {
          method: 'POST',
          agent,
          headers: {
            'X-API-Key': trader.key,
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
            'Idempotency-Key': randomUUID(),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
    const answer = JSON.parse(text) as { trade?: { id: string }; code?: string };
    if (status !== 201 || !answer.trade) return `${status} ${answer.code ?? ''}`.trim();
    return { id: answer.trade.id, sentAt };
  } catch (error) {
    return `network ${(error as Error).message}`;
  }
}

/**
 * Stamps finished trades from MySQL until every placed trade is terminal, or until none has finished for `idleMs`
 * (a trade still open then never finished: the bench counts it lost). A backlog keeps draining as long as it moves.
 */
export async function watchUntilFinished(db: Knex, trades: readonly PlacedTrade[], idleMs: number): Promise<void> {
  const open = new Map(trades.map((trade) => [trade.id, trade]));
  let lastProgress = Date.now();
  while (open.size > 0 && Date.now() - lastProgress < idleMs) {
    const ids = [...open.keys()];
    for (let start = 0; start < ids.length; start += 1_000) {
      const rows = (await db('trades')
        .whereIn('id', ids.slice(start, start + 1_000))
        .whereNotNull('finished_at')
        .select('id', 'status', 'error_code', 'finished_at')) as Array<{
        id: string;
        status: string;
        error_code: string | null;
        finished_at: Date;
      }>;
      for (const row of rows) {
        const trade = open.get(row.id)!;
        trade.status = row.status;
        trade.errorCode = row.error_code ?? undefined;
        trade.finishedAt = row.finished_at.getTime();
        open.delete(row.id);
        lastProgress = Date.now();
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Median time spent before each trace step (from the previous step of the same trade), over `trades`: where a
 * trade's time goes, from MySQL's own record of each step.
 */
export async function stepBreakdown(db: Knex, trades: readonly PlacedTrade[]): Promise<string> {
  const gaps = new Map<string, number[]>();
  const ids = trades.map((trade) => trade.id);
  for (let start = 0; start < ids.length; start += 1_000) {
    const rows = (await db('trade_events')
      .whereIn('trade_id', ids.slice(start, start + 1_000))
      .orderBy([{ column: 'trade_id' }, { column: 'seq' }])
      .select('trade_id', 'type', 'occurred_at')) as Array<{ trade_id: string; type: string; occurred_at: Date }>;
    for (let index = 1; index < rows.length; index += 1) {
      const [previous, row] = [rows[index - 1]!, rows[index]!];
      if (previous.trade_id !== row.trade_id) continue;
      const list = gaps.get(row.type) ?? [];
      list.push(row.occurred_at.getTime() - previous.occurred_at.getTime());
      gaps.set(row.type, list);
    }
  }
  return [...gaps.entries()]
    .map(
      ([type, list]) =>
        `${type} ${percentile(
          [...list].sort((a, b) => a - b),
          50,
        )} ms`,
    )
    .join(', ');
}
