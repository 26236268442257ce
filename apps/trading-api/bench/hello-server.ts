/* Baseline servers of `npm run bench:v1`: `hello-server.ts http|express <port>` answers GET / with a JSON hello. */
import http from 'node:http';
import express from 'express';

const [kind, portText] = process.argv.slice(2);
const port = Number(portText);
const body = { hello: 'world' };

if (kind === 'http') {
  http
    .createServer((_req, res) => {
      const json = JSON.stringify(body);
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json) });
      res.end(json);
    })
    .listen(port, '127.0.0.1');
} else {
  const app = express();
  app.get('/', (_req, res) => {
    res.json(body);
  });
  app.listen(port, '127.0.0.1');
}
