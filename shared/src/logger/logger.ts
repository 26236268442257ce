import { pino, type Logger, type LoggerOptions } from 'pino';
import { currentContext } from './request-context.js';
import { errorWithoutSecrets } from './secret-free-text.js';
import { errorForLog } from '../messaging/error-classification.js';

export type { Logger } from 'pino';

/**
 * Paths that must never reach a log line. Bodies are never logged at all; these cover headers and
 * objects that carry keys, signatures or secrets if someone logs them by accident.
 */
export const redactedPaths = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers["x-service-signature"]',
  'req.headers.cookie',
  'req.body',
  'res.body',
  'body',
  'headers["x-api-key"]',
  'headers.authorization',
  'headers["x-service-signature"]',
  '*.apiKey',
  '*.key',
  '*.secret',
  '*.webhookSecret',
  '*.password',
  '*.token',
  '*.pepper',
  'apiKey',
  'secret',
  'webhookSecret',
  'password',
  'token',
  'pepper',
];

/** What the mixin adds outside a message context (every HTTP line): nothing, and without allocating. */
const NO_CONTEXT: Readonly<Record<string, never>> = Object.freeze({});

export interface CreateLoggerOptions {
  name: string;
  level?: LoggerOptions['level'];
  /** Where to write; defaults to stdout. Tests pass a stream to assert on lines. */
  destination?: pino.DestinationStream;
}

/**
 * pino JSON logger whose lines carry the id of the queue message being handled (AsyncLocalStorage, see
 * runWithContext); HTTP code passes the request id explicitly (requestIdOf).
 */
export function createLogger(options: CreateLoggerOptions): Logger {
  return pino(
    {
      name: options.name,
      level: options.level ?? 'info',
      base: { service: options.name },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: redactedPaths, censor: '[redacted]' },
      // An error as errorForLog gives it (an expected, transient one as its one-line summary, anything else whole:
      // message, stack, causes and members as pino serializes them), without the URLs' secrets it quotes.
      serializers: {
        err: (error: unknown) => {
          const logged = errorForLog(error);
          return errorWithoutSecrets(logged instanceof Error ? pino.stdSerializers.err(logged) : logged);
        },
      },
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const context = currentContext();
        if (!context) return NO_CONTEXT;
        return {
          ...(context.requestId ? { requestId: context.requestId } : {}),
          ...(context.messageId ? { messageId: context.messageId } : {}),
        };
      },
      // pino's default merge copies the line into the mixin's object; with no context the line is used as is.
      mixinMergeStrategy: (line, mixed) => (mixed === NO_CONTEXT ? line : Object.assign(mixed, line)),
    },
    options.destination ?? pino.destination({ sync: false }),
  );
}
