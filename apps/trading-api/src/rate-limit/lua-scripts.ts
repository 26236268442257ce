/*
 * Atomic Redis scripts of the limiters. Times come from the caller's clock (ARGV) so tests can inject one and
 * every replica uses the same rule; floats travel as strings (Redis truncates Lua numbers in replies).
 */

/**
 * KEYS: current window, previous window. ARGV: limit, windowMs, elapsedMs, hits. Admits as many of the hits as fit,
 * in order (each one when `estimate + 1 <= limit`); returns {admitted hits, current, previous}.
 */
export const SLIDING_WINDOW_SCRIPT = `
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local elapsed = tonumber(ARGV[3])
local hits = tonumber(ARGV[4] or '1')
local previous = tonumber(redis.call('GET', KEYS[2]) or '0')
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local estimate = previous * (window - elapsed) / window + current
local admitted = math.max(0, math.min(hits, math.floor(limit + 1e-9 - estimate)))
if admitted == 0 then
  return {0, current, previous}
end
current = redis.call('INCRBY', KEYS[1], admitted)
if current == admitted then
  redis.call('PEXPIRE', KEYS[1], window * 2 + 1000)
end
return {admitted, current, previous}
`;

/** KEYS: bucket hash. ARGV: capacity, nowMs. Returns {admitted, tokens (string)}. */
export const TOKEN_BUCKET_SCRIPT = `
local capacity = tonumber(ARGV[1])
local now = tonumber(ARGV[2])
local cost = tonumber(ARGV[3]) or 1
local rate = capacity / 60000
local state = redis.call('HMGET', KEYS[1], 'tokens', 'updated')
local tokens = tonumber(state[1])
local updated = tonumber(state[2])
if tokens == nil or updated == nil then
  tokens = capacity
  updated = now
end
if now > updated then
  tokens = math.min(capacity, tokens + (now - updated) * rate)
  updated = now
end
tokens = math.min(tokens, capacity)
local admitted = 0
if tokens >= cost then
  tokens = tokens - cost
  admitted = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'updated', tostring(updated))
redis.call('PEXPIRE', KEYS[1], math.ceil(capacity / rate) + 1000)
return {admitted, tostring(tokens)}
`;
