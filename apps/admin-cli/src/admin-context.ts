import type { Knex } from 'knex';
import type { AdminCliConfig } from '../../../shared/src/config/index.js';
import { createKnex } from '../../../shared/src/db/index.js';
import type { CliIo } from './cli-output.js';

/** What commands share: settings, output, the --json flag and a lazily opened database. */
export interface AdminContext {
  config: AdminCliConfig;
  io: CliIo;
  json(): boolean;
  db(): Promise<Knex>;
  close(): Promise<void>;
}

export function createAdminContext(config: AdminCliConfig, io: CliIo, json: () => boolean): AdminContext {
  let db: Knex | undefined;
  return {
    config,
    io,
    json,
    db: async () => (db ??= createKnex({ databaseUrl: config.DATABASE_URL, poolMax: 4 })),
    close: async () => {
      await db?.destroy();
    },
  };
}
