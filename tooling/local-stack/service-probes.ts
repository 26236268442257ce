import net from 'node:net';

export interface BackingService {
  name: string;
  url: string;
  defaultPort: number;
  /** The command that starts it on this machine (README "Services"). */
  startCommand: string;
}

export function backingServices(urls: { databaseUrl: string; amqpUrl: string; redisUrl: string }): BackingService[] {
  return [
    {
      name: 'MySQL/MariaDB',
      url: urls.databaseUrl,
      defaultPort: 3306,
      startCommand: 'start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd',
    },
    { name: 'RabbitMQ', url: urls.amqpUrl, defaultPort: 5672, startCommand: 'rabbitmq-server -detached' },
    {
      name: 'Redis',
      url: urls.redisUrl,
      defaultPort: 6379,
      startCommand:
        'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log',
    },
  ];
}

/** Returns one line per unreachable service, naming it and the command that starts it. */
export async function findUnreachableServices(services: BackingService[]): Promise<string[]> {
  const problems: string[] = [];
  for (const service of services) {
    const url = new URL(service.url);
    const port = Number(url.port || service.defaultPort);
    if (!(await canConnect(url.hostname, port))) {
      problems.push(
        `${service.name} is not reachable at ${url.hostname}:${port}. Start it with: ${service.startCommand}`,
      );
    }
  }
  return problems;
}

export function canConnect(host: string, port: number, timeoutMs = 2_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: timeoutMs });
    const settle = (connected: boolean) => {
      socket.destroy();
      resolve(connected);
    };
    socket.once('connect', () => settle(true));
    socket.once('error', () => settle(false));
    socket.once('timeout', () => settle(false));
  });
}
