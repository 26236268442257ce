import { describe, expect, it } from '@jest/globals';
import { createLogRelay } from './log-relay.js';

const accessLine = (path: string) =>
  JSON.stringify({ level: 'info', time: '2026-11-25T10:00:00.000Z', msg: 'request', path });

function relayInto(accessLinesPerSecond: number, clock: { now: number }) {
  const written: string[] = [];
  const relay = createLogRelay({
    label: '[api]',
    write: (text) => written.push(text),
    accessLinesPerSecond,
    now: () => clock.now,
  });
  return { relay, written, text: () => written.join('') };
}

describe('createLogRelay', () => {
  it('formats every line of a chunk, joins lines split across chunks, and writes once per chunk', () => {
    const { relay, written, text } = relayInto(0, { now: 0 });
    relay.push('plain line\n{"level":"warn","time":"2026-11-25T10:00:01.000Z","msg":"slow"');
    relay.push(',"ms":5}\n');
    expect(written).toHaveLength(2);
    expect(text()).toBe('[api] plain line\n[api] 10:00:01 warn  slow {"ms":5}\n');
  });

  it('prints at most the budget of access lines a second, counts the rest, and always prints other lines', () => {
    const clock = { now: 5_000 };
    const { relay, text } = relayInto(2, clock);
    relay.push(`${[1, 2, 3, 4].map((n) => accessLine(`/a/${n}`)).join('\n')}\nnot an access line\n`);
    clock.now = 6_200;
    relay.push(`${accessLine('/b/1')}\n`);
    const lines = text().trimEnd().split('\n');
    expect(lines.filter((line) => line.includes('/a/'))).toHaveLength(2);
    expect(lines).toContain('[api] not an access line');
    expect(lines).toContain('[api] … 2 more requests in that second (access log thinned to 2/s)');
    expect(lines.at(-1)).toContain('/b/1');
  });

  it('flushes a pending partial line and the count of lines not shown', () => {
    const { relay, text } = relayInto(1, { now: 0 });
    relay.push(`${accessLine('/1')}\n${accessLine('/2')}\nno newline yet`);
    relay.flush();
    expect(text().trimEnd().split('\n').slice(-2)).toEqual([
      '[api] no newline yet',
      '[api] … 1 more requests in that second (access log thinned to 1/s)',
    ]);
  });
});
