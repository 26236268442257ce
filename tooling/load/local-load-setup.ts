/*
 * What `npm run load` prepares against the local stack when no key is given: its own webhook receiver and load keys
 * (load-keys.ts) whose webhooks point at it. Everything it starts is undone by `release()`.
 */
import { createSecretBox, generateWebhookSecret } from '#shared/auth/secret-box.js';
import { createKnex } from '#shared/db/create-knex.js';
import { provisionLoadKeys, revokeLoadKeys, type LoadKey } from './load-keys.js';
import type { LoadRunnerConfig } from './load-runner-config.js';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.js';
import { messageOf } from '#shared/errors/thrown-values.js';

export interface LocalLoadSetup {
  keys: LoadKey[];
  receiver: WebhookReceiver;
  release(): Promise<void>;
}

export async function prepareLocalLoad(runner: LoadRunnerConfig, highValueThreshold: string): Promise<LocalLoadSetup> {
  const secretBox = createSecretBox(runner.WEBHOOK_SECRET_KEY);
  const secrets = Array.from({ length: runner.LOADTEST_KEY_COUNT }, () => {
    const plain = generateWebhookSecret();
    return { plain, sealed: secretBox.seal(plain) };
  });
  const receiver = await startWebhookReceiver({
    port: runner.LOADTEST_RECEIVER_PORT,
    secrets: secrets.map((secret) => secret.plain),
  });
  const db = createKnex({ databaseUrl: runner.DATABASE_URL, poolMax: 2 });
  try {
    const keys = await provisionLoadKeys(db, runner.API_KEY_PEPPER, {
      count: runner.LOADTEST_KEY_COUNT,
      highValueThreshold,
      webhookUrl: receiver.url('/webhooks'),
      webhookSecrets: secrets,
    });
    return {
      keys,
      receiver,
      release: async () => {
        await revokeLoadKeys(db, keys).finally(() => db.destroy());
        await receiver.close();
      },
    };
  } catch (error) {
    await db.destroy();
    await receiver.close();
    throw new Error(
      `cannot issue load keys in ${runner.DATABASE_URL.replace(/\/\/[^@]*@/, '//…@')} (${messageOf(error)}); ` +
        'is the local stack (npm start) running? Against another deployment set LOADTEST_API_KEY to an enterprise key.',
      { cause: error },
    );
  }
}
