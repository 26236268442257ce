/* A waiting read whose client left while it was being rendered, on a real HTTP server and a real notice hub. */
import { request as httpRequest } from 'node:http';
import express from 'express';
import { describe, expect, it } from '@jest/globals';
import { createNoticeHub } from '#shared/streams/notice-hub.js';
import { createLogger } from '#shared/logger/logger.js';
import { listOperations, tradingApiDocument } from '../openapi/operations.js';
import { listeningPort } from '#tooling/testing/listening-port.js';
import { answerWaitingRead, type WaitingReads } from './waiting-read.js';

const getTrade = listOperations(tradingApiDocument()).find((operation) => operation.operationId === 'getTrade')!;

describe('answerWaitingRead', () => {
  it('keeps no subscription, timer or pending wait for a client that left during the first render', async () => {
    const waits: WaitingReads = {
      hub: createNoticeHub(),
      logger: createLogger({ name: 'waiting-read-test', level: 'silent' }),
      maxWaitSeconds: 60,
      topics: {},
      pending: new Set(),
    };
    let settled: (() => void) | undefined;
    const answered = new Promise<void>((resolve) => (settled = resolve));
    let arrived: (() => void) | undefined;
    const requested = new Promise<void>((resolve) => (arrived = resolve));
    const app = express();
    app.get('/wait', (req, res) => {
      arrived?.();
      // The first render ends only after the client has gone.
      res.once('close', () => {
        const first = { status: 200, body: { trade: { id: 't1' } } };
        void answerWaitingRead(
          waits,
          {
            req,
            res,
            operation: getTrade,
            context: { apiKeyId: 'key-1', requestId: 'req-1', now: new Date() },
            topic: 'trade:t1',
            seconds: 60,
            render: () => first,
            now: () => Date.now(),
          },
          first,
        ).then(settled);
      });
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const port = listeningPort(server);

    const client = httpRequest({ host: '127.0.0.1', port, path: '/wait', headers: { 'If-None-Match': '*' } });
    client.on('error', () => undefined);
    client.end();
    await requested;
    client.destroy();
    await answered;

    // Its clean-up ran: unsubscribed, and its 60 s timer cleared with its pending entry.
    expect(waits.hub.size()).toBe(0);
    expect(waits.pending.size).toBe(0);
    await new Promise((resolve) => server.close(resolve));
  });
});
