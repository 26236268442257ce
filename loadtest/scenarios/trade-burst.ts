/*
 * trade-burst: POST /v1/trades with an Idempotency-Key. A share of iterations (LOADTEST_DUPLICATE_SHARE) sends its
 * trade twice at once and once more afterwards: all three answers must carry the same trade, exactly one of them
 * created it (`_meta.idempotent` false) and the others replayed it (trading-api.md, Idempotency). A fifth of the
 * trades are followed to their terminal state, which must be `completed`.
 */
import type { MarketsData, ScenarioKit } from '../lib/scenario-kit.ts';
import type { LoadConfig, ScenarioContext, ScenarioDefinition } from '../lib/scenario-types.ts';

const FOLLOWED_SHARE = 0.2;
const FOLLOW_FOR_MS = 30_000;
const TERMINAL = ['completed', 'failed', 'rejected'];

export function defineTradeBurst(kit: ScenarioKit): ScenarioDefinition<MarketsData> {
  /** Polls the trade until it is terminal; records how long POST → terminal took and whether it completed. */
  async function followTrade(context: ScenarioContext, config: LoadConfig, tradeId: string, postedAt: number) {
    while (context.now() - postedAt < FOLLOW_FOR_MS) {
      await context.sleep(200);
      const read = await context.http.request({
        name: 'GET /v1/trades/{id}',
        method: 'GET',
        url: `${config.tradingUrl}/v1/trades/${tradeId}`,
        headers: kit.v1Headers(config, context.vu),
      });
      const status = kit.tradeOf(read).trade?.status;
      if (status !== undefined && TERMINAL.includes(status)) {
        context.add('trade_completion_ms', context.now() - postedAt);
        context.add('trades_completed', status === 'completed' ? 1 : 0);
        if (status !== 'completed') context.log(`trade ${tradeId} ended ${status}: ${read.body.slice(0, 300)}`);
        return;
      }
    }
    context.add('trades_completed', 0);
    context.log(`trade ${tradeId} was not terminal ${FOLLOW_FOR_MS / 1000} s after its POST`);
  }

  return {
    name: 'trade-burst',
    description: 'POST /v1/trades with Idempotency-Key, with deliberate concurrent and later duplicates',
    metrics: {
      idempotency_mismatches: 'counter',
      duplicates_sent: 'counter',
      trade_completion_ms: 'trend',
      trades_completed: 'rate',
    },
    thresholds: {
      ...kit.apiThresholds(400, 1000),
      idempotency_mismatches: ['count==0'],
      trades_completed: ['rate>0.99'],
      trade_completion_ms: ['p(95)<5000'],
    },
    load: { profile: 'ramp', rate: 10, hold: '1m', maxVUs: 80 },

    setup: kit.marketsSetup,

    async iteration(context, data, config) {
      const key = kit.idempotencyKey('burst', context);
      const request = {
        name: 'POST /v1/trades',
        method: 'POST' as const,
        url: `${config.tradingUrl}/v1/trades`,
        headers: kit.v1Headers(config, context.vu, { 'Content-Type': 'application/json', 'Idempotency-Key': key }),
        body: kit.tradeBody(kit.pick(data.markets), config.tradeAmount),
        expect: [201],
      };
      const postedAt = context.now();
      const duplicated = Math.random() < config.duplicateShare;
      const answers = duplicated ? await context.http.batch([request, request]) : [await context.http.request(request)];
      if (duplicated) answers.push(await context.http.request({ ...request, name: 'POST /v1/trades (replay)' }));

      const envelopes = answers.map((answer) => kit.tradeOf(answer));
      const tradeId = envelopes[0]?.trade?.id;
      for (const answer of answers) context.check(answer, { 'trade answered 201': kit.status(201) });
      if (duplicated) {
        context.add('duplicates_sent', 2);
        const sameTrade = envelopes.every(
          (envelope) => envelope.trade?.id !== undefined && envelope.trade.id === tradeId,
        );
        const created = envelopes.filter((envelope) => envelope._meta?.idempotent === false).length;
        const consistent = context.check(answers[answers.length - 1]!, {
          'duplicates replay the same trade': () => sameTrade,
          'exactly one duplicate created the trade': () => created === 1,
        });
        if (!consistent) {
          context.add('idempotency_mismatches', 1);
          context.log(
            `idempotency mismatch for key ${key}: ${answers.map((a) => `${a.status} ${a.body.slice(0, 160)}`).join(' | ')}`,
          );
        }
      }
      if (tradeId !== undefined && Math.random() < FOLLOWED_SHARE)
        await followTrade(context, config, tradeId, postedAt);
    },
  };
}
