import type { Knex } from 'knex';
import type { Migration } from './index.js';

/**
 * api_keys.pepper_id: the public fingerprint (pepperIdOf) of the pepper the key's hash was made with, so a pepper
 * rotation can count the keys still hashed under the previous one (docs/decisions/0030). A key hash cannot be
 * recomputed without the plaintext key, so existing rows start unknown (NULL) and are tagged by the APIs the first
 * time the key is verified.
 */
export const apiKeyPepperIdMigration: Migration = {
  name: '20261126_1500_api_key_pepper_id',
  async up(knex: Knex) {
    await knex.schema.alterTable('api_keys', (table) => {
      table
        .specificType('pepper_id', 'CHAR(16) CHARACTER SET ascii COLLATE ascii_bin')
        .nullable()
        .comment('pepperIdOf(pepper) of key_hash; NULL = not verified since pepper tracking began')
        .after('key_hash');
      table.index(['pepper_id'], 'api_keys_pepper_idx');
    });
  },
  async down(knex: Knex) {
    await knex.schema.alterTable('api_keys', (table) => {
      table.dropIndex(['pepper_id'], 'api_keys_pepper_idx');
      table.dropColumn('pepper_id');
    });
  },
};
