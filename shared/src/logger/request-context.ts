import { AsyncLocalStorage } from 'node:async_hooks';

/** Correlation data carried through async work: an HTTP request or a queue message. */
export interface RequestContext {
  requestId?: string;
  messageId?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}
