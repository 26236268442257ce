/*
 * The load tests' webhook receiver on its own, for k6 runs (webhook-fanout) against a deployment:
 *   LOADTEST_WEBHOOK_SECRETS=whsec_…,whsec_… LOADTEST_RECEIVER_HOST=0.0.0.0 npx tsx tooling/load/webhook-receiver-main.ts
 * Point the keys' webhook URL at http://<this host>:<port>/webhooks and k6's LOADTEST_RECEIVER_URL at it: a public
 * address on port 80 (or 443 behind TLS), the only ones the dispatcher's network policy lets deliveries reach. Stops
 * on SIGINT/SIGTERM and prints its counts.
 */
import { loadConfigOrExit } from '#shared/config/load-config.js';
import { receiverConfigSchema } from './load-runner-config.js';
import { startWebhookReceiver } from '../testing/webhook-receiver.js';

const config = loadConfigOrExit(receiverConfigSchema, 'webhook receiver');
const receiver = await startWebhookReceiver({
  host: config.LOADTEST_RECEIVER_HOST,
  port: config.LOADTEST_RECEIVER_PORT,
  secrets: config.LOADTEST_WEBHOOK_SECRETS,
});
process.stdout.write(
  `webhook receiver on ${config.LOADTEST_RECEIVER_HOST}:${config.LOADTEST_RECEIVER_PORT} (${config.LOADTEST_WEBHOOK_SECRETS.length} secrets); deliveries to /webhooks\n`,
);

async function stop(): Promise<void> {
  process.stdout.write(`webhook receiver stopping: ${JSON.stringify(receiver.stats())}\n`);
  await receiver.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
