/** Turns a pino JSON line into `HH:MM:SS level message {extras}`; other lines pass through unchanged. */
export function formatLogLine(line: string): string {
  if (!line.startsWith('{')) return line;
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line);
  } catch {
    return line;
  }
  const { time, level, msg, service: _service, name: _name, pid: _pid, hostname: _hostname, ...extras } = record;
  const clock = typeof time === 'string' ? time.slice(11, 19) : '';
  const rest = Object.keys(extras).length > 0 ? ` ${JSON.stringify(extras)}` : '';
  return `${clock} ${String(level ?? '').padEnd(5)} ${String(msg ?? '')}${rest}`;
}
