import { describe, expect, it } from '@jest/globals';
import { isOneByteString } from '#tooling/testing/string-representation.js';
import { parseYamlOneByte } from './one-byte-yaml.js';

function strings(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(strings);
  if (typeof node === 'object' && node !== null)
    return Object.entries(node).flatMap(([key, value]) => [key, ...strings(value)]);
  return [];
}

// Keys no other code of this test interns first, so the parser's copy is the one V8 keeps.
const SOURCE = [
  'oneByteYamlSpecKey: a value → with an arrow',
  'oneByteYamlSpecOther:',
  '  - plain text',
  '  - "quoted — with a dash"',
  'oneByteYamlSpecLatin: café · 10 ± 1',
  'oneByteYamlSpecAstral: "rocket 🚀"',
].join('\n');

describe('parseYamlOneByte', () => {
  it('parses a file with characters past U+00FF into the same values', () => {
    expect(parseYamlOneByte(SOURCE, 'spec.yaml')).toEqual({
      oneByteYamlSpecKey: 'a value → with an arrow',
      oneByteYamlSpecOther: ['plain text', 'quoted — with a dash'],
      oneByteYamlSpecLatin: 'café · 10 ± 1',
      oneByteYamlSpecAstral: 'rocket 🚀',
    });
  });

  it('gives one-byte keys and values wherever the text fits in one byte, so JSON made with them stays one-byte', () => {
    const parsed = parseYamlOneByte(SOURCE, 'spec.yaml');
    const narrow = strings(parsed).filter((value) => !/[\u0100-\u{10ffff}]/u.test(value));
    expect(narrow).toHaveLength(6);
    expect(narrow.filter((value) => !isOneByteString(value))).toEqual([]);
    const keys = Object.keys(parsed as object);
    expect(isOneByteString(JSON.stringify(Object.fromEntries(keys.map((key) => [key, 1]))))).toBe(true);
  });

  it('rejects a file holding the marker it uses, naming the file', () => {
    expect(() => parseYamlOneByte('a: 5 \u00a4', 'paths/markets.yaml')).toThrow(/paths\/markets\.yaml contains/);
  });
});
