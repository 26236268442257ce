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

/** A process's connections: the `name:publish` and `name:consume` pair the connection manager opens, or `name`. */
const processConnectionNames = (connectionName: string) => [
  connectionName,
  `${connectionName}:publish`,
  `${connectionName}:consume`,
];

/** The broker's connections of the process named `connectionName` (see processConnectionNames): pid and name. */
async function connectionsOf(connectionName: string): Promise<Array<{ pid: string; name: string }>> {
  const { stdout } = await run('rabbitmqctl', [
    'list_connections',
    '-q',
    '--no-table-headers',
    'pid',
    'client_properties',
  ]);
  const names = processConnectionNames(connectionName);
  return stdout.split('\n').flatMap((line) => {
    const name = /\{"connection_name","([^"]+)"\}/.exec(line)?.[1];
    const pid = line.split('\t')[0]?.trim();
    return name !== undefined && pid && names.includes(name) ? [{ pid, name }] : [];
  });
}

/**
 * Has the broker close every connection of the process named `connectionName`, as `rabbitmqctl
 * close_all_connections` would, but without touching other suites that share the broker. Resolves with the number
 * of connections closed.
 */
export async function closeBrokerConnections(connectionName: string, reason = 'test'): Promise<number> {
  const connections = await connectionsOf(connectionName);
  for (const { pid } of connections) await run('rabbitmqctl', ['close_connection', pid, reason]);
  return connections.length;
}

/** How many connections the process named `connectionName` has at the broker now. */
export async function countBrokerConnections(connectionName: string): Promise<number> {
  return (await connectionsOf(connectionName)).length;
}

/** The channels of the process named `connectionName`: their connection's name, confirm mode and consumers. */
export async function brokerChannelsOf(
  connectionName: string,
): Promise<Array<{ connection: string; confirm: boolean; consumers: number }>> {
  const connections = await connectionsOf(connectionName);
  const { stdout } = await run('rabbitmqctl', [
    'list_channels',
    '-q',
    '--no-table-headers',
    'connection',
    'confirm',
    'consumer_count',
  ]);
  return stdout.split('\n').flatMap((line) => {
    const [pid, confirm, consumers] = line.split('\t').map((part) => part.trim());
    const owner = connections.find((connection) => connection.pid === pid);
    return owner ? [{ connection: owner.name, confirm: confirm === 'true', consumers: Number(consumers) }] : [];
  });
}
