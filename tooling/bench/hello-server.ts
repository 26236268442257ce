/*
 * The bench baselines: a JSON hello-world on bare node:http (`node`) or on Express 5 with its defaults (`express`),
 * listening on 127.0.0.1:<port>. Run as a child process by the bench kit (bench-kit.ts).
 */
import http from 'node:http';
import express from 'express';

const [kind, portArgument] = process.argv.slice(2);
const port = Number(portArgument);

if (kind === 'node') {
  http
    .createServer((_req, res) => {
      const body = JSON.stringify({ hello: 'world' });
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
      });
      res.end(body);
    })
    .listen(port, '127.0.0.1');
} else if (kind === 'express') {
  const app = express();
  app.get('/', (_req, res) => {
    res.json({ hello: 'world' });
  });
  app.listen(port, '127.0.0.1');
} else {
  console.error('usage: hello-server.ts node|express <port>');
  process.exit(2);
}
