/*
 * The bench's webhook receivers, in their own process (the dispatcher's load lands here, not in the bench's event
 * loop): the one webhook receiver, path /k/<index> being key <index>'s endpoint, verifying each signature with that
 * key's secret. On top, the bench checks each key's order (an event's benchSeq must be above every one already
 * received, a redelivery of the same event excepted); paths listed as failing answer 500. Controlled over IPC:
 * `{ failing: number[] }` starts a phase (sets the failing keys, resets the figures), `{ stats: true }` asks for
 * the figures. Started with the secrets file path as argv[2]; sends `{ port }` once listening.
 */
import { readFileSync } from 'node:fs';
import { startWebhookReceiver } from '#tooling/testing/webhook-receiver.js';

// cast: the bench wrote this file as a JSON array of secrets just before starting this process
const secrets = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as string[];
const keyOf = (path: string) => Number(path.split('/')[2]);
const freshStats = () => ({
  delivered: 0,
  duplicates: 0,
  refusedWith500: 0,
  orderViolations: 0,
  badSignatures: 0,
  latencies: [] as number[],
  healthyDeliveredAt: [] as number[],
  receivedAt: {} as Record<string, number>,
});
let stats = freshStats();
let failing = new Set<number>();
const lastSeq = new Map<number, number>();
const seen = new Set<string>();

const receiver = await startWebhookReceiver({
  secrets: (path) => [secrets[keyOf(path)] ?? ''],
  keep: 0,
  onDelivery: ({ path, verified, event, receivedAt }) => {
    const index = keyOf(path);
    if (failing.has(index)) {
      stats.refusedWith500 += 1;
      return { kind: 'status', status: 500, body: 'bench: failing endpoint' };
    }
    if (!verified) stats.badSignatures += 1;
    const id = String(event.id);
    if (seen.has(id)) stats.duplicates += 1;
    else {
      seen.add(id);
      stats.delivered += 1;
      stats.latencies.push(receivedAt - Date.parse(String(event.createdAt)));
      stats.healthyDeliveredAt.push(receivedAt);
      stats.receivedAt[id] = receivedAt;
      const benchSeq = Number(event.data?.benchSeq);
      if (benchSeq <= (lastSeq.get(index) ?? 0)) stats.orderViolations += 1;
      lastSeq.set(index, benchSeq);
    }
    return { kind: 'status', status: 200 };
  },
});

process.on('message', (received: unknown) => {
  // cast: the bench sends `{ failing: number[] }` or `{ stats: true }` (bench-webhooks.ts)
  const message = received as { failing?: number[] };
  if (message.failing) {
    // A new phase: new failing set, fresh figures; each key's order starts again with the phase's benchSeq 1.
    failing = new Set(message.failing);
    lastSeq.clear();
    seen.clear();
    stats = freshStats();
    process.send?.({ reset: true });
  } else process.send?.(stats);
});
process.send?.({ port: receiver.port });
process.on('SIGTERM', () => void receiver.close().then(() => process.exit(0)));
