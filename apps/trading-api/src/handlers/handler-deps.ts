import type { Knex } from 'knex';
import type { ApiKeyEnvironment } from '#shared/auth/api-key-format.js';
import type { SecretBox } from '#shared/auth/secret-box.js';
import type { ReadThroughCache } from '#shared/cache/read-through-cache.js';
import type { OutboxTransaction } from '#shared/messaging/outbox.js';
import type { ConfirmationKeys } from '../domain/confirmation-token.js';
import type { CursorCodec } from '../http/cursor.js';
import type { ChainSource } from '../use-cases/chain-source.js';
import type { HandlerResult } from '../pipeline/operation-handler.js';
import type { components } from '../openapi/generated/trading-api.js';

/** What the use cases behind the handlers use. */
export interface HandlerDeps {
  db: Knex;
  /** Signs and checks pagination cursors. */
  cursors: CursorCodec;
  /** The chain reader (quotes, portfolio); absent = those routes answer 503 DEPENDENCY_UNAVAILABLE. */
  chain?: ChainSource;
  /** Micro-cache of the reads that answer the same to every caller (markets). */
  sharedReads: ReadThroughCache<HandlerResult>;
  /** Writes a state change and its messages in one transaction, publishing them after the commit. */
  outbox: OutboxTransaction;
  /** Derives and verifies high-value confirmation tokens (never stored in plaintext). */
  confirmationKeys: ConfirmationKeys;
  /** POST /v1/redemptions is served (else 404 REDEMPTIONS_NOT_ENABLED). */
  redemptionsEnabled: boolean;
  /** Seals rotated webhook secrets (WEBHOOK_SECRET_KEY, shared with the CLI and the dispatcher). */
  webhookSecrets: SecretBox;
  /** SERVICE_ENV: the sandbox simulation header is honoured only on `test` (with a test key). */
  serviceEnv: ApiKeyEnvironment;
  /** A value checked as POST /v1/trades' body (a batch's item), as that route checks it: 400 VALIDATION_FAILED. */
  checkTradeBody(body: unknown): CreateTradeBody;
  /** DOCS_BASE_URL: a batch item's refusal is rendered as the route renders a problem. */
  docsBaseUrl: string;
}

export type CreateTradeBody = components['schemas']['CreateTradeRequest'];
