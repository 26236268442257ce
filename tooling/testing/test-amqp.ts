import { connect } from 'amqplib';
import { deleteTopology } from '#shared/messaging/topology.js';
import { testEnv } from './test-env.js';

/** Deletes every exchange and queue a test declared under `prefix` (used after process-level tests). */
export async function deleteTestTopology(prefix: string): Promise<void> {
  const connection = await connect(testEnv.amqpUrl);
  try {
    const channel = await connection.createChannel();
    await deleteTopology(channel, prefix);
  } finally {
    await connection.close();
  }
}
