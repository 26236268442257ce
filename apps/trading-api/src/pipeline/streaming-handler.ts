import type { Response } from 'express';
import { typedInput } from '#shared/http/request-validator.js';
import type { operations } from '../openapi/generated/trading-api.js';
import type { HandlerContext, TradingOperationId, TypedHandlerContext } from './operation-handler.js';

/**
 * A handler that takes the response over (Server-Sent Events): it runs after the whole pipeline (key, scope, rate
 * limit with its headers, validation) and writes and ends `res` itself. Throwing before it writes anything answers
 * with the usual problem document.
 */
export type StreamingHandler = (context: HandlerContext, res: Response) => void | Promise<void>;

/** The streaming handler of operation `Id`, written against its typed input like typedHandler (decision 0026). */
export function typedStreamingHandler<Id extends TradingOperationId>(
  handle: (context: TypedHandlerContext<Id>, res: Response) => void | Promise<void>,
): StreamingHandler {
  return (context, res) => handle({ ...context, input: typedInput<operations[Id]>(context.input) }, res);
}
