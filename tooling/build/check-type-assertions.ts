/*
 * `npm run check:assertions [paths…]`: every type assertion in production sources (`x as T`, `<T>x`, `x!`; `as const`
 * is not one) must carry a justification, a comment containing `cast:` on its own line(s) or in the comment lines
 * directly above it, saying why the assertion cannot be wrong. Prints `file:line: <expression>` for each one without,
 * and a total; exits 1 if there is any. Paths (files or folders, relative to the repository root) narrow the check.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { repositoryRoot } from '../repository-root.js';

/** The marker a justification comment contains. */
export const JUSTIFICATION_MARKER = 'cast:';

/** The trees whose sources run in production. */
export const PRODUCTION_ROOTS = ['apps/', 'shared/', 'clients/'];

const NON_PRODUCTION_FILE = /\.(test|spec|fault|browser|d)\.ts$/;
const NON_PRODUCTION_FOLDER = /(^|\/)(testing|bench)\//;

export interface TypeAssertion {
  /** 1-based line the assertion starts on. */
  line: number;
  /** The asserting expression, on one line, shortened. */
  text: string;
  justified: boolean;
}

/** Whether a repository path (forward slashes) is a production TypeScript source. */
export function isProductionSource(path: string): boolean {
  return (
    path.endsWith('.ts') &&
    PRODUCTION_ROOTS.some((root) => path.startsWith(root)) &&
    !NON_PRODUCTION_FILE.test(path) &&
    !NON_PRODUCTION_FOLDER.test(path)
  );
}

type Assertion = ts.AsExpression | ts.TypeAssertion | ts.NonNullExpression;

function isAssertion(node: ts.Node): node is Assertion {
  if (ts.isNonNullExpression(node)) return true;
  if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) return !ts.isConstTypeReference(node.type);
  return false;
}

/** The outer assertion of a chain (`x as unknown as T`) stands for the whole of it. */
function isInnerOfChain(node: Assertion): boolean {
  return isAssertion(node.parent) && node.parent.expression === node;
}

/** Every comment of a source: the trivia before each token (and before the end of the file). */
function commentRanges(source: ts.SourceFile): ts.CommentRange[] {
  const text = source.text;
  const byStart = new Map<number, ts.CommentRange>();
  const visit = (node: ts.Node): void => {
    if (ts.isJSDoc(node)) return; // its text is already a leading comment of the token it documents
    const leading = ts.getLeadingCommentRanges(text, node.pos) ?? [];
    const trailing = ts.getTrailingCommentRanges(text, node.pos) ?? []; // those on the line the trivia starts on
    for (const range of [...leading, ...trailing]) byStart.set(range.pos, range);
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...byStart.values()];
}

/** Per line: whether it holds code outside comments, and whether a justification comment touches it. */
function commentLines(source: ts.SourceFile): { hasCode: boolean[]; justified: boolean[] } {
  const text = source.text;
  const inComment = new Uint8Array(text.length);
  const justified = new Array<boolean>(source.getLineStarts().length).fill(false);
  for (const { pos, end } of commentRanges(source)) {
    inComment.fill(1, pos, end);
    if (!text.slice(pos, end).includes(JUSTIFICATION_MARKER)) continue;
    const first = source.getLineAndCharacterOfPosition(pos).line;
    const last = source.getLineAndCharacterOfPosition(end).line;
    for (let line = first; line <= last; line += 1) justified[line] = true;
  }
  const starts = source.getLineStarts();
  const hasCode = starts.map((start, line) => {
    for (let position = start; position < (starts[line + 1] ?? text.length); position += 1) {
      if (!inComment[position] && text.charCodeAt(position) > 32) return true;
    }
    return false;
  });
  return { hasCode, justified };
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 120 ? `${flat.slice(0, 117)}...` : flat;
}

/** Every type assertion in one TypeScript source, with whether a `cast:` comment justifies it. */
export function findTypeAssertions(fileName: string, sourceText: string): TypeAssertion[] {
  const source = ts.createSourceFile(fileName, sourceText, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const { hasCode, justified } = commentLines(source);
  const isJustified = (node: Assertion): boolean => {
    const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
    const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
    for (let line = first; line <= last; line += 1) if (justified[line]) return true;
    // The comment lines directly above (a line of code or a blank line ends them).
    const starts = source.getLineStarts();
    for (let line = first - 1; line >= 0 && !hasCode[line]; line -= 1) {
      if (sourceText.slice(starts[line], starts[line + 1]).trim() === '') break;
      if (justified[line]) return true;
    }
    return false;
  };
  const found: TypeAssertion[] = [];
  const visit = (node: ts.Node): void => {
    if (isAssertion(node) && !isInnerOfChain(node)) {
      found.push({
        line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
        text: oneLine(node.getText(source)),
        justified: isJustified(node),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The production sources of the working tree under the given paths (all production roots when none): tracked and
 * new files that git does not ignore, less the ones deleted but not yet committed.
 */
export function productionSources(root: string, paths: string[]): string[] {
  const roots = paths.length > 0 ? paths : PRODUCTION_ROOTS;
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...roots], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const files = new Set(listed.split('\0').filter(isProductionSource));
  return [...files].filter((file) => existsSync(resolve(root, file))).sort();
}

function main(paths: string[]): number {
  let unjustified = 0;
  let justified = 0;
  for (const file of productionSources(repositoryRoot, paths)) {
    const text = readFileSync(resolve(repositoryRoot, file), 'utf8');
    for (const assertion of findTypeAssertions(file, text)) {
      if (assertion.justified) {
        justified += 1;
        continue;
      }
      unjustified += 1;
      console.log(`${file}:${assertion.line}: ${assertion.text}`);
    }
  }
  console.log(
    `${unjustified} type assertion(s) without a '// ${JUSTIFICATION_MARKER} <why it is sound>' comment` +
      ` (${justified} justified)`,
  );
  return unjustified > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
