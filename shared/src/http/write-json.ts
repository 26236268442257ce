import type { ServerResponse } from 'node:http';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Ends a response with an already serialised JSON body (a string), status and length set here. Express's `res.send`
 * turns a body of 1,000 characters or more into a Buffer and writes head and body as two chunks (one writev); a string
 * goes out with its head in one write, and HEAD requests still get no body (node:http drops it).
 */
export function writeJson(res: ServerResponse, json: string, status = 200): void {
  res.statusCode = status;
  res.setHeader('Content-Type', JSON_CONTENT_TYPE);
  res.setHeader('Content-Length', Buffer.byteLength(json));
  res.end(json);
}
