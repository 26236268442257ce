/*
 * The bench's webhook receivers, in their own process (the dispatcher's load lands here, not in the bench's event
 * loop). One HTTP server; path /k/<index> is key <index>'s endpoint. Each delivery is checked as a client would:
 * the signature against the raw body with that key's secret, and the key's order (an event's benchSeq must be
 * above every one already received, a redelivery of the same event excepted). Paths listed as failing answer 500.
 * GET /stats returns the figures; POST /failing starts a phase: it sets the failing paths and resets the figures.
 * Started with the secrets file path as argv[2]; prints its port on stdout.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature } from '../../../docs/webhooks/verify-webhook-signature.js';

const secrets = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as string[];
let failing = new Set<number>();
const lastSeq = new Map<number, number>();
const seen = new Set<string>();
const stats = {
  delivered: 0,
  duplicates: 0,
  refusedWith500: 0,
  orderViolations: 0,
  badSignatures: 0,
  latencies: [] as number[],
  healthyDeliveredAt: [] as number[],
  receivedAt: {} as Record<string, number>,
};

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const url = request.url ?? '/';
    if (url === '/stats') {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(stats));
      return;
    }
    if (url === '/failing') {
      // A new phase: new failing set, fresh figures; each key's order starts again with the phase's benchSeq 1.
      failing = new Set(JSON.parse(Buffer.concat(chunks).toString('utf8')) as number[]);
      lastSeq.clear();
      seen.clear();
      for (const key of Object.keys(stats) as Array<keyof typeof stats>) {
        const value = stats[key];
        if (Array.isArray(value)) value.length = 0;
        else if (typeof value === 'number') (stats[key] as number) = 0;
      }
      stats.receivedAt = {};
      response.writeHead(204).end();
      return;
    }
    const index = Number(url.split('/')[2]);
    if (failing.has(index)) {
      stats.refusedWith500 += 1;
      response.writeHead(500).end('bench: failing endpoint');
      return;
    }
    const now = Date.now();
    const raw = Buffer.concat(chunks);
    const verdict = verifyWebhookSignature(String(request.headers['x-service-signature']), raw, [secrets[index] ?? '']);
    if (!verdict.valid) stats.badSignatures += 1;
    const envelope = JSON.parse(raw.toString('utf8')) as { id: string; createdAt: string; data: { benchSeq: number } };
    if (seen.has(envelope.id)) stats.duplicates += 1;
    else {
      seen.add(envelope.id);
      stats.delivered += 1;
      stats.latencies.push(now - Date.parse(envelope.createdAt));
      stats.healthyDeliveredAt.push(now);
      stats.receivedAt[envelope.id] = now;
      if (envelope.data.benchSeq <= (lastSeq.get(index) ?? 0)) stats.orderViolations += 1;
      lastSeq.set(index, envelope.data.benchSeq);
    }
    response.writeHead(200).end();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
