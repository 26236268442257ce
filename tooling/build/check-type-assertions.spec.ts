import { describe, expect, it } from '@jest/globals';
import { findTypeAssertions, isProductionSource } from './check-type-assertions.js';

const found = (source: string) =>
  findTypeAssertions('example.ts', source).map(({ line, text, justified }) => ({ line, text, justified }));

describe('findTypeAssertions', () => {
  it('finds as-assertions, angle-bracket assertions and non-null assertions, each with its line', () => {
    const source = ['const a = value as string;', 'const b = <number>other;', 'const c = maybe!.length;'].join('\n');
    expect(found(source)).toEqual([
      { line: 1, text: 'value as string', justified: false },
      { line: 2, text: '<number>other', justified: false },
      { line: 3, text: 'maybe!', justified: false },
    ]);
  });

  it('does not count as const or <const>', () => {
    expect(found("const a = ['x', 'y'] as const;\nconst b = <const>{ k: 1 };")).toEqual([]);
  });

  it('counts a chain such as x as unknown as T once, as the whole chain', () => {
    expect(found('const a = value as unknown as Date;')).toEqual([
      { line: 1, text: 'value as unknown as Date', justified: false },
    ]);
  });

  it('accepts a cast: comment on the same line', () => {
    expect(found('const a = value as string; // cast: value is the string column')[0]?.justified).toBe(true);
  });

  it('accepts a cast: comment in the comment lines directly above, line or block', () => {
    const lineComments = ['// cast: the row is the table\'s (migration 0003)', '// more words', 'f(row as Row);'];
    const block = ['/*', ' * cast: checked above', ' */', 'f(row as Row);'];
    expect(found(lineComments.join('\n'))[0]?.justified).toBe(true);
    expect(found(block.join('\n'))[0]?.justified).toBe(true);
  });

  it('accepts a cast: comment on any line an assertion spans', () => {
    const source = ['const rows = (await query', '  .select()) as Row[]; // cast: knex rows are untyped'].join('\n');
    expect(found(source)[0]?.justified).toBe(true);
  });

  it('rejects a comment without the marker, one above a line of code, and one above a blank line', () => {
    const noMarker = '// the value is a string\nconst a = value as string;';
    const aboveCode = '// cast: about b\nconst b = 1;\nconst a = value as string;';
    const aboveBlank = '// cast: about something\n\nconst a = value as string;';
    for (const source of [noMarker, aboveCode, aboveBlank]) expect(found(source)[0]?.justified).toBe(false);
  });

  it('does not take cast: inside a string or a template for a comment', () => {
    expect(found("const a = value as string; const note = 'cast: no';")[0]?.justified).toBe(false);
    expect(found('const a = `${x} // cast: no` && (value as string);')[0]?.justified).toBe(false);
  });

  it('reads type positions without taking them for assertions (satisfies, generics, definite assignment)', () => {
    const source = ['let a!: string;', 'const b = { k: 1 } satisfies Record<string, number>;', 'f<string>(c);'];
    expect(found(source.join('\n'))).toEqual([]);
  });
});

describe('isProductionSource', () => {
  it('takes TypeScript sources under apps, shared and clients', () => {
    for (const path of ['apps/x/src/main.ts', 'shared/src/db/migrate.ts', 'clients/typescript/src/client.ts']) {
      expect(isProductionSource(path)).toBe(true);
    }
  });

  it('leaves out tests, specs, fault and browser files, declarations, testing/ and bench/ folders, other trees', () => {
    const excluded = [
      'apps/x/src/a.test.ts',
      'apps/x/src/a.spec.ts',
      'apps/x/src/a.fault.ts',
      'apps/x/src/a.browser.ts',
      'clients/typescript/src/types.d.ts',
      'shared/src/testing/kit.ts',
      'apps/trading-api/bench/bench-v1.ts',
      'migrations/0001_init.ts',
      'apps/x/src/main.js',
    ];
    for (const path of excluded) expect(isProductionSource(path)).toBe(false);
  });
});
