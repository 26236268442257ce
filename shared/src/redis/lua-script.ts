import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A Lua script run atomically in Redis; keys get the client's key prefix like any other command's. */
export interface LuaScript {
  run(keys: readonly string[], args: ReadonlyArray<string | number>): Promise<unknown>;
}

const isNoScript = (error: unknown): boolean => error instanceof Error && error.message.startsWith('NOSCRIPT');

/**
 * EVALSHA with one EVAL fallback when the server does not hold the script yet (first use, restart, SCRIPT FLUSH);
 * the EVAL caches it for the next calls. A plain command, so it joins the client's auto-pipeline: ioredis's own
 * `defineCommand` wraps every call in a custom command class and two extra promises, measurably slower on the
 * per-request rate-limit path (docs/decisions/0012).
 */
export function createLuaScript(redis: Redis, lua: string): LuaScript {
  const sha = createHash('sha1').update(lua).digest('hex');
  return {
    run(keys, args) {
      return redis.evalsha(sha, keys.length, ...keys, ...args).catch((error: unknown) => {
        if (!isNoScript(error)) throw error;
        return redis.eval(lua, keys.length, ...keys, ...args);
      });
    },
  };
}
