/*
 * Whether V8 holds a string one-byte (Latin-1) or two-byte, read through its serialiser: after the two-byte header,
 * a one-byte string is tagged `"` and a two-byte one `c`. A JSON body built with one two-byte key is two-byte whole,
 * and costs about fifty times as much to measure and write (decision 0034).
 */
import { serialize } from 'node:v8';

export function isOneByteString(value: string): boolean {
  return String.fromCharCode(serialize(value)[2] ?? 0) === '"';
}
