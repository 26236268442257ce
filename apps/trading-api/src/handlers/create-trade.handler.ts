import { deliveryBeforeAnyEvent } from '#shared/db/webhook-events/webhook-event-rows.js';
import { resourceEnvelope } from '../http/envelope.js';
import { typedHandler, type OperationHandler } from '../pipeline/operation-handler.js';
import { presentTrade } from '../presenters/trade.presenter.js';
import type { TradeWriteKind, TradeWriteOutcome } from '../trades/trade-replay.js';
import { createTrade } from '../use-cases/create-trade.use-case.js';
import { getTradeView } from '../use-cases/trade-reads.use-case.js';
import type { HandlerDeps } from './handler-deps.js';
import type { ApiKeyEnvironment } from '#shared/auth/api-key-format.js';
import { parseTradeSimulation, simulationRefusal, type TradeSimulation } from '#shared/domain/trade-simulation.js';
import { AppError } from '#shared/errors/app-error.js';

/** spec/trading-api.md: 201 for a new trade, 202 while a high-value one awaits confirmation, 200 once confirmed. */
const statusOfWrite: Record<TradeWriteKind, 200 | 201 | 202> = {
  created: 201,
  awaiting_confirmation: 202,
  confirmed: 200,
};

/**
 * POST /v1/trades → 201 `{trade, data, _meta}`, or 202 with `confirmation: {token, expiresAt}` at or above the key's
 * high-value threshold; replays carry `_meta.idempotent: true` (200 for a confirmed high-value trade).
 */
export function createTradeHandler(deps: HandlerDeps): OperationHandler {
  return typedHandler<'createTrade'>(async ({ input, auth, now }) => {
    const { body } = input;
    const idempotencyKey = input.headers['idempotency-key'];
    const simulation = requestedSimulation(input.headers['x-service-simulate'], {
      serviceEnv: deps.serviceEnv,
      keyEnv: auth.key.record.env,
    });
    const { expiresAt, ...fields } = body;
    const outcome = await createTrade(deps, {
      ...fields,
      ...(expiresAt === undefined ? {} : { expiresAt: new Date(expiresAt) }),
      key: auth.key.record,
      ...(typeof idempotencyKey === 'string' ? { idempotencyKey } : {}),
      ...(simulation ? { simulation } : {}),
      now,
    });
    const { status, trade, confirmation } = await presentTradeWrite(deps, outcome, auth.key.record.webhookUrl);
    return {
      status,
      body: { ...resourceEnvelope('trade', trade), ...(confirmation ? { confirmation } : {}) },
      meta: { idempotent: outcome.idempotent },
    };
  });
}

/**
 * A trade write as answered: its status (201, 202, 200), the trade and, on 202, its confirmation. A trade this
 * request just created has no event yet (a high-value one has its confirmation event): its delivery state follows
 * from the key's webhook URL, with no read.
 */
export async function presentTradeWrite(deps: HandlerDeps, outcome: TradeWriteOutcome, webhookUrl: string | null) {
  const view =
    outcome.kind === 'created' && !outcome.idempotent
      ? { trade: outcome.trade, webhookDelivery: deliveryBeforeAnyEvent(webhookUrl) }
      : await getTradeView(deps, outcome.trade);
  const confirmation = outcome.confirmation && {
    token: outcome.confirmation.token,
    expiresAt: outcome.confirmation.expiresAt.toISOString(),
  };
  return { status: statusOfWrite[outcome.kind], trade: presentTrade(view), confirmation };
}

/*
 * The `X-Service-Simulate` header of POST /v1/trades (issue 19, decision 0023), checked where it is read: only a
 * test key on a test deployment may send it, with a known value; otherwise 400 VALIDATION_FAILED naming the header.
 */
/** The simulation the request asks for (undefined without the header); throws the 400 when it may not have it. */
export function requestedSimulation(
  header: string | readonly string[] | undefined,
  context: { serviceEnv: ApiKeyEnvironment; keyEnv: ApiKeyEnvironment },
): TradeSimulation | undefined {
  if (header === undefined) return undefined;
  const refusal = simulationRefusal(context);
  if (refusal) throw refusal;
  // Node joins repeated headers with ", ": two values are no known value and are refused below.
  const parsed = parseTradeSimulation(typeof header === 'string' ? header : header.join(', '));
  if (parsed instanceof AppError) throw parsed;
  return parsed;
}
