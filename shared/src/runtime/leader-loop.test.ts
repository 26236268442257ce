/* runLeaderLoop against a real MariaDB: one leader at a time, hand-over on stop, step-down on a lost lock. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createLogCapture } from '#tooling/testing/messaging/test-messaging.js';
import { waitFor } from '#tooling/testing/messaging/wait-for.js';
import { createTestDatabase, type TestDatabase } from '#tooling/testing/test-database.js';
import { runLeaderLoop } from './leader-loop.js';
import { currentDatabaseName } from '../db/named-locks.js';
import { leaderLockName } from './mysql-leader-lock.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});

afterAll(async () => {
  await database?.destroy();
});

/** Two loops on one lock that record which of them ran each round, and whether rounds ever overlapped. */
function startPair(lockName: string) {
  const rounds: Array<'a' | 'b'> = [];
  let running = 0;
  let overlapped = false;
  const start = (name: 'a' | 'b') =>
    runLeaderLoop({
      db: database.db,
      lockName,
      intervalMs: 10,
      logger: createLogCapture().logger,
      work: async () => {
        running += 1;
        if (running > 1) overlapped = true;
        rounds.push(name);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
      },
    });
  return { rounds, overlapped: () => overlapped, stops: { a: start('a'), b: start('b') } };
}

async function lockHolder(lockName: string): Promise<number | null> {
  const name = leaderLockName(lockName, await currentDatabaseName(database.db));
  const [rows] = (await database.db.raw('SELECT IS_USED_LOCK(?) AS holder', [name])) as [
    Array<{ holder: number | string | null }>,
  ];
  return rows[0]?.holder == null ? null : Number(rows[0].holder);
}

describe('runLeaderLoop', () => {
  it('runs the work on only one of two loops at a time, and the other takes over when the leader stops', async () => {
    const pair = startPair(`test:${randomUUID().slice(0, 8)}`);
    try {
      await waitFor('ten rounds', () => pair.rounds.length >= 10);
      const leader = pair.rounds[0]!;
      const follower = leader === 'a' ? 'b' : 'a';
      expect(new Set(pair.rounds)).toEqual(new Set([leader]));

      await pair.stops[leader]();
      const handover = pair.rounds.length;
      await waitFor('the other loop to take over', () => pair.rounds.slice(handover).includes(follower));
      expect(pair.rounds.slice(handover).every((name) => name === follower)).toBe(true);
      expect(pair.overlapped()).toBe(false);
    } finally {
      await Promise.all([pair.stops.a(), pair.stops.b()]);
    }
  });

  it('stops working when its lock connection dies, and works again once it leads again', async () => {
    const lockName = `test:${randomUUID().slice(0, 8)}`;
    let rounds = 0;
    const logs = createLogCapture();
    const stop = runLeaderLoop({
      db: database.db,
      lockName,
      intervalMs: 10,
      logger: logs.logger,
      work: async () => {
        rounds += 1;
      },
    });
    try {
      await waitFor('the loop to lead', () => rounds > 0);
      const holder = await lockHolder(lockName);
      await database.db.raw(`KILL ${holder}`);
      await waitFor('the loop to step down', () => logs.events().includes('leader.stepped_down'));
      await waitFor('a new lock connection', async () => {
        const current = await lockHolder(lockName);
        return current !== null && current !== holder;
      });
      const resumed = rounds;
      await waitFor('work to resume', () => rounds > resumed);
    } finally {
      await stop();
    }
    expect(await lockHolder(lockName)).toBeNull();
  });
});
