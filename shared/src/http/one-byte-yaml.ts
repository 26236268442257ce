/*
 * YAML parsed into one-byte strings. A file with one character past U+00FF (→, —, …) is read as a two-byte string,
 * and every key and value the parser cuts from it stays two-byte. The first copy of a key V8 interns is the one every
 * later literal of the same text gets, so a document key such as `probability` made the presenters' objects, and every
 * JSON serialised from them, two-byte: about fifty times the cost to measure and write per response (decision 0034).
 * So each character past U+00FF is swapped for a Latin-1 marker before parsing and put back into the parsed strings.
 */
import { parse } from 'yaml';
import { isRecord } from '../runtime/plain-values.js';

const MARKER = '\u00a4';
const WIDE_CHARACTER = /[\u0100-\u{10ffff}]/gu;
const MARKED_CHARACTER = new RegExp(`${MARKER}([0-9a-f]+)${MARKER}`, 'g');

function marked(character: string): string {
  // cast: the pattern matches one whole code point, never an empty string.
  return `${MARKER}${(character.codePointAt(0) as number).toString(16)}${MARKER}`;
}

function unmarked(node: unknown): unknown {
  if (typeof node === 'string') {
    if (!node.includes(MARKER)) return node;
    return node.replace(MARKED_CHARACTER, (_match, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)));
  }
  if (Array.isArray(node)) return node.map(unmarked);
  if (isRecord(node)) {
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [unmarked(key), unmarked(value)]));
  }
  return node;
}

/** Parses `source` (the text of `file`) so that every string without a character past U+00FF is one-byte. */
export function parseYamlOneByte(source: string, file: string): unknown {
  if (source.includes(MARKER)) throw new Error(`${file} contains ${MARKER}, which marks wide characters while parsing`);
  // A latin1 round trip makes the string one-byte whatever it was read as (every character is now ≤ U+00FF).
  const oneByte = Buffer.from(source.replace(WIDE_CHARACTER, marked), 'latin1').toString('latin1');
  return unmarked(parse(oneByte));
}
