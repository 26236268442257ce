import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/**
 * `rabbitmqctl`, or the command in `RABBITMQCTL` (on GitHub the broker runs in a service container:
 * `docker exec <id> rabbitmqctl`).
 */
function run(_command: 'rabbitmqctl', args: string[]) {
  const [command = 'rabbitmqctl', ...prefixArgs] = (process.env.RABBITMQCTL ?? 'rabbitmqctl')
    .split(/\s+/)
    .filter(Boolean);
  return execFileAsync(command, [...prefixArgs, ...args]);
}

/**
 * Has the broker close every connection whose client-provided name is `connectionName`, as
 * `rabbitmqctl close_all_connections` would, but without touching other suites that share the broker.
 * Resolves with the number of connections closed.
 */
export async function closeBrokerConnections(connectionName: string, reason = 'test'): Promise<number> {
  const { stdout } = await run('rabbitmqctl', [
    'list_connections',
    '-q',
    '--no-table-headers',
    'pid',
    'client_properties',
  ]);
  const marker = `{"connection_name","${connectionName}"}`;
  const pids = stdout
    .split('\n')
    .filter((line) => line.includes(marker))
    .map((line) => line.split('\t')[0]!.trim());
  for (const pid of pids) await run('rabbitmqctl', ['close_connection', pid, reason]);
  return pids.length;
}

/** How many connections named `connectionName` the broker currently has. */
export async function countBrokerConnections(connectionName: string): Promise<number> {
  const { stdout } = await run('rabbitmqctl', ['list_connections', '-q', '--no-table-headers', 'client_properties']);
  return stdout.split('\n').filter((line) => line.includes(`{"connection_name","${connectionName}"}`)).length;
}
