import type { Response } from 'express';
import type { HandlerContext } from './operation-handler.js';

/**
 * A handler that takes the response over (Server-Sent Events): it runs after the whole pipeline (key, scope, rate
 * limit with its headers, validation) and writes and ends `res` itself. Throwing before it writes anything answers
 * with the usual problem document.
 */
export type StreamingHandler = (context: HandlerContext, res: Response) => void | Promise<void>;
