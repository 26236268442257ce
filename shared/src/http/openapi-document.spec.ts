import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isOneByteString } from '#tooling/testing/string-representation.js';
import { loadOpenApiDocument } from './openapi-document.js';

const folders: string[] = [];
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A document folder holding `files` (path → YAML text). */
function documentFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-document-'));
  folders.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const ROOT = 'openapi: 3.1.0\ninfo:\n  title: Spec → document\n  version: 1.0.0\n';

describe('loadOpenApiDocument', () => {
  it('merges openapi.yaml with the other files of the folder, wide characters kept and keys one-byte', () => {
    const dir = documentFolder({
      'openapi.yaml': ROOT,
      'paths/markets.yaml': 'paths:\n  /openapiDocumentSpecMarkets:\n    get:\n      summary: Markets — all\n',
    });
    const document = loadOpenApiDocument(dir);
    expect(document.info.title).toBe('Spec → document');
    expect(document.paths?.['/openapiDocumentSpecMarkets']?.get?.summary).toBe('Markets — all');
    expect(Object.keys(document.paths ?? {}).every(isOneByteString)).toBe(true);
  });

  it('refuses a leaf defined in two files, naming where', () => {
    const dir = documentFolder({ 'openapi.yaml': ROOT, 'info.yaml': 'info:\n  version: 2.0.0\n' });
    expect(() => loadOpenApiDocument(dir)).toThrow('OpenAPI files define /info/version twice');
  });

  it('refuses a file that is not a mapping, naming the file', () => {
    const dir = documentFolder({ 'openapi.yaml': ROOT, 'paths/list.yaml': '- one\n- two\n' });
    expect(() => loadOpenApiDocument(dir)).toThrow(/paths\/list\.yaml is not a YAML mapping/);
  });

  it('refuses a folder without openapi.yaml', () => {
    const dir = documentFolder({ 'paths/markets.yaml': 'paths: {}\n' });
    expect(() => loadOpenApiDocument(dir)).toThrow(`no openapi.yaml in ${dir}`);
  });
});
