import type { Knex } from 'knex';
import { identityMigration } from './20261122_0100_identity.js';
import { catalogMigration } from './20261122_0200_catalog.js';
import { marketsMigration } from './20261122_0300_markets.js';
import { tradesMigration } from './20261122_0400_trades.js';
import { marketActivityMigration } from './20261122_0500_market_activity.js';
import { redemptionsMigration } from './20261122_0600_redemptions.js';
import { webhooksMigration } from './20261122_0700_webhooks.js';
import { auditUsageMigration } from './20261122_0800_audit_usage.js';
import { outboxMigration } from './20261122_0900_outbox.js';
import { chainDeploymentsMigration } from './20261122_1000_chain_deployments.js';
import { adminAuditOutcomeMigration } from './20261122_1100_admin_audit_outcome.js';
import { webhookDeliveryMigration } from './20261125_0100_webhook_delivery.js';
import { tradeSimulationMigration } from './20261125_0200_trade_simulation.js';
import { tradeTraceSeqMigration } from './20261126_0100_trade_trace_seq.js';
import { apiKeyPepperIdMigration } from './20261126_1500_api_key_pepper_id.js';
import { tradeExposureIndexesMigration } from './20261127_0100_trade_exposure_indexes.js';
import { relayerMigration } from './20261127_1800_relayer.js';
import { tradeLimitPriceMigration } from './20261128_0100_trade_limit_price.js';
import { webhookSecretOlderMigration } from './20261128_0200_webhook_secret_older.js';
import { tradeWorkerSeenAtMigration } from './20261128_0300_trade_worker_seen_at.js';

/** One migration: a stable name (never renamed once shipped) and its up/down steps. */
export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/**
 * Migrations are listed here explicitly, in order, so they load the same way under tsx, jest (ESM) and the
 * compiled build: knex's directory scanning would depend on file extensions and loaders.
 */
const migrations: Migration[] = [
  identityMigration,
  catalogMigration,
  marketsMigration,
  tradesMigration,
  marketActivityMigration,
  redemptionsMigration,
  webhooksMigration,
  auditUsageMigration,
  outboxMigration,
  chainDeploymentsMigration,
  adminAuditOutcomeMigration,
  webhookDeliveryMigration,
  tradeSimulationMigration,
  tradeTraceSeqMigration,
  apiKeyPepperIdMigration,
  tradeExposureIndexesMigration,
  relayerMigration,
  tradeLimitPriceMigration,
  webhookSecretOlderMigration,
  tradeWorkerSeenAtMigration,
];

export const migrationSource: Knex.MigrationSource<Migration> = {
  getMigrations: async () => migrations,
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => migration,
};
