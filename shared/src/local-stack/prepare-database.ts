import { createKnex, ensureDatabase, migrateLatest } from '../db/index.js';
import { seedDemoData } from '../db/seed/demo-data.js';

export interface PreparedDatabase {
  applied: string[];
  seeded: Record<string, number>;
}

/** Creates the database if missing, applies pending migrations and (optionally) loads the demo data. */
export async function prepareDatabase(databaseUrl: string, options: { seed: boolean }): Promise<PreparedDatabase> {
  await ensureDatabase(databaseUrl);
  const db = createKnex({ databaseUrl, poolMax: 2 });
  try {
    const applied = await migrateLatest(db);
    const seeded = options.seed ? { ...(await seedDemoData(db)) } : {};
    return { applied, seeded };
  } finally {
    await db.destroy();
  }
}
