import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { createPublicClient, http } from 'viem';
import { createLogger } from './logger.js';
import { runWithContext } from './request-context.js';
import { AppError } from '../errors/app-error.js';

function captureLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  return { logger: createLogger({ name: 'test-service', level: 'debug', destination }), lines };
}

describe('createLogger', () => {
  it('writes JSON lines with the service name and the current request id', () => {
    const { logger, lines } = captureLogger();
    runWithContext({ requestId: 'req_abc' }, () => logger.info({ route: 'GET /x' }, 'handled'));
    const record = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(record).toMatchObject({ level: 'info', service: 'test-service', requestId: 'req_abc', msg: 'handled' });
  });

  it('adds the message id inside a consumer context', () => {
    const { logger, lines } = captureLogger();
    runWithContext({ messageId: 'msg-1' }, () => logger.info('consumed'));
    expect(JSON.parse(lines[0]!)).toMatchObject({ messageId: 'msg-1' });
  });

  it('writes an expected, transient error as one line (code and message, no stack), and anything else whole', () => {
    const { logger, lines } = captureLogger();
    logger.warn({ err: new AppError('DEPENDENCY_UNAVAILABLE', { detail: 'Redis is not answering' }) }, 'transient');
    logger.error({ err: new TypeError('cannot read x of undefined') }, 'a bug');
    const [transient, bug] = lines.map((line) => JSON.parse(line) as { err: Record<string, unknown> });
    expect(transient!.err).toEqual({ code: 'DEPENDENCY_UNAVAILABLE', message: 'Redis is not answering' });
    expect(bug!.err).toMatchObject({ type: 'TypeError', message: 'cannot read x of undefined' });
    expect(String(bug!.err.stack)).toContain('TypeError: cannot read x of undefined');
  });

  it('never writes API keys, signatures, secrets or bodies', () => {
    const { logger, lines } = captureLogger();
    logger.info(
      {
        req: {
          headers: {
            'x-api-key': 'svc_test_SECRETKEY',
            'x-service-signature': 't=1,v1=SIG',
            authorization: 'Bearer TOK',
          },
        },
        body: { amount: 'BODY' },
        apiKey: 'svc_test_PLAIN',
        key: { secret: 'whsec_SECRET' },
      },
      'request',
    );
    const line = lines.join('\n');
    for (const secret of ['SECRETKEY', 'SIG', 'TOK', 'BODY', 'PLAIN', 'whsec_SECRET'])
      expect(line).not.toContain(secret);
    expect(line).toContain('[redacted]');
  });

  it("never writes the URL secrets or request bodies that an error and its causes quote (a chain client's)", async () => {
    const { logger, lines } = captureLogger();
    // A real viem failure: an RPC provider's key in the URL path, a raw transaction in the request body.
    const client = createPublicClient({ transport: http('http://user:pw@127.0.0.1:1/v2/PROVIDERKEY?token=QUERYKEY') });
    const failure = await client
      .request({ method: 'eth_sendRawTransaction', params: ['0xSIGNEDTX'] })
      .catch((error: unknown) => error);
    expect(String(failure)).toContain('PROVIDERKEY');
    logger.error({ err: new Error('send failed', { cause: failure }) }, 'broadcast failed');
    const line = lines.join('\n');
    for (const secret of ['PROVIDERKEY', 'QUERYKEY', 'pw@', '0xSIGNEDTX']) expect(line).not.toContain(secret);
    const record = JSON.parse(lines[0]!) as { err: { message: string; stack: string } };
    expect(record.err.message).toContain('send failed');
    expect(record.err.stack).toContain('URL: http://127.0.0.1:1/…');
  });
});
