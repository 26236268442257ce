/*
 * `secrets reseal`: re-encrypts every stored webhook signing secret sealed under WEBHOOK_SECRET_KEY_PREVIOUS with
 * WEBHOOK_SECRET_KEY (decision 0030), a page of keys at a time. Idempotent: a secret already under the current key
 * is left alone, so a rerun only does what is left. Each key's row is replaced only if it still holds what was read
 * (a rotation through the API at the same moment wins and the row is counted as changed concurrently; rerun).
 */
import type { Knex } from 'knex';
import type { SecretBox } from '#shared/auth/secret-box.js';
import {
  SEALED_SECRET_COLUMNS,
  listSealedWebhookSecrets,
  replaceSealedWebhookSecrets,
  type SealedWebhookSecrets,
} from '#shared/db/api-keys/api-key-secrets.repository.js';

export interface ResealProgress {
  /** Keys holding a sealed secret, looked at so far. */
  examined: number;
  /** Keys whose secrets were re-encrypted (or would be, in a dry run). */
  resealed: number;
  /** Keys whose secrets were all under the current key already. */
  alreadyCurrent: number;
  /** Keys holding a secret neither key opens (left as they are). */
  unreadable: number;
  /** Keys changed by someone else between the read and the write (left for a rerun). */
  changedConcurrently: number;
}

export interface ResealResult extends ResealProgress {
  dryRun: boolean;
  unreadableKeyIds: string[];
}

/** The row's values under the current key, and whether any had to change or could not be opened. */
function resealed(box: SecretBox, row: SealedWebhookSecrets) {
  const { apiKeyId: _id, ...next } = row;
  let changed = false;
  let unreadable = false;
  for (const column of SEALED_SECRET_COLUMNS) {
    const value = row[column];
    if (value === null) continue;
    const key = box.keyOf(value);
    if (key === 'previous') {
      next[column] = box.seal(box.open(value));
      changed = true;
    } else if (key === null) unreadable = true;
  }
  return { next, changed, unreadable };
}

export async function resealWebhookSecrets(
  deps: { db: Knex; secretBox: SecretBox; onProgress?: (progress: ResealProgress) => void },
  command: { batchSize: number; dryRun: boolean },
): Promise<ResealResult> {
  const progress: ResealProgress = {
    examined: 0,
    resealed: 0,
    alreadyCurrent: 0,
    unreadable: 0,
    changedConcurrently: 0,
  };
  const unreadableKeyIds: string[] = [];
  for (let afterId: string | null = null; ;) {
    const page = await listSealedWebhookSecrets(deps.db, { afterId, limit: command.batchSize });
    for (const row of page) {
      progress.examined += 1;
      const { next, changed, unreadable } = resealed(deps.secretBox, row);
      if (unreadable) {
        progress.unreadable += 1;
        unreadableKeyIds.push(row.apiKeyId);
      }
      if (!changed) {
        if (!unreadable) progress.alreadyCurrent += 1;
        continue;
      }
      if (command.dryRun || (await replaceSealedWebhookSecrets(deps.db, row, next))) progress.resealed += 1;
      else progress.changedConcurrently += 1;
    }
    deps.onProgress?.({ ...progress });
    const last = page.at(-1);
    if (page.length < command.batchSize || !last) return { ...progress, dryRun: command.dryRun, unreadableKeyIds };
    afterId = last.apiKeyId;
  }
}
