/*
 * Renders the chart's templates the way Helm does, for the part of Helm's template language this chart uses (the
 * specs render the committed chart with each values file; no helm binary is needed). Anything else is refused
 * rather than left in the output:
 * - `{{ .Values.a.b }}`, `{{ .Release.Namespace }}`, `{{ $variable }}`;
 * - `{{- toYaml .Values.list | nindent N }}` (list values, helm-values.ts);
 * - `{{ range $v := until (int .Values.n) }}…{{ end }}`, `{{ if $v }}…{{ end }}` (the signer pool, signer-pool.ts);
 * - `{{ if gt (int .Values.a) (int .Values.b) }}{{ fail "…" }}{{ end }}` (the chart's guards).
 * `{{-` and `-}}` trim the whitespace before and after the action, as in Go templates.
 */
import { stringify } from 'yaml';

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'output'; expression: string }
  | { kind: 'range'; variable: string; over: string; body: Node[] }
  | { kind: 'if'; condition: string; body: Node[] };

interface Scope {
  values: unknown;
  namespace: string;
  variables: Record<string, unknown>;
}

const ACTION = /\{\{(-\s)?\s*([\s\S]*?)\s*(\s-)?\}\}/g;

function unsupported(expression: string): Error {
  return new Error(`unsupported template expression {{ ${expression} }}`);
}

/** The template as a tree of text and actions, with the trim markers applied to the text. */
function parse(template: string): Node[] {
  const root: Node[] = [];
  const open: Node[][] = [root];
  const top = () => open[open.length - 1] ?? root;
  let at = 0;
  let trimNext = false;
  const addText = (text: string, trimEnd: boolean) => {
    let trimmed = trimNext ? text.trimStart() : text;
    if (trimEnd) trimmed = trimmed.trimEnd();
    if (trimmed) top().push({ kind: 'text', text: trimmed });
  };
  for (const match of template.matchAll(ACTION)) {
    addText(template.slice(at, match.index), Boolean(match[1]));
    const expression = match[2] ?? '';
    const range = /^range \$(\w+) := (.+)$/.exec(expression);
    const condition = /^if (.+)$/.exec(expression);
    if (range?.[1] && range[2]) {
      const node: Node = { kind: 'range', variable: range[1], over: range[2], body: [] };
      top().push(node);
      open.push(node.body);
    } else if (condition?.[1]) {
      const node: Node = { kind: 'if', condition: condition[1], body: [] };
      top().push(node);
      open.push(node.body);
    } else if (expression === 'end') {
      if (open.length === 1) throw new Error('{{ end }} without a range or if');
      open.pop();
    } else {
      top().push({ kind: 'output', expression });
    }
    trimNext = Boolean(match[3]);
    at = match.index + match[0].length;
  }
  addText(template.slice(at), false);
  if (open.length !== 1) throw new Error('a range or if without its {{ end }}');
  return root;
}

function valueAt(values: unknown, path: string): unknown {
  let value: unknown = values;
  for (const key of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[key];
  if (value === undefined) throw new Error(`no value ${path}`);
  return value;
}

/** Splits `gt (int .Values.a) (int .Values.b)` into `gt`, `(int .Values.a)`, `(int .Values.b)`. */
function words(expression: string): string[] {
  return expression.match(/\([^()]*\)|"[^"]*"|\S+/g) ?? [];
}

function evaluate(expression: string, scope: Scope): unknown {
  const [head, ...args] = words(expression);
  const only = (count: number) => {
    if (args.length !== count) throw unsupported(expression);
  };
  if (head === undefined) throw unsupported(expression);
  if (head.startsWith('(') && args.length === 0) return evaluate(head.slice(1, -1), scope);
  if (head.startsWith('$') && args.length === 0) {
    const name = head.slice(1);
    if (!(name in scope.variables)) throw new Error(`no variable ${head}`);
    return scope.variables[name];
  }
  if (head.startsWith('.Values.') && args.length === 0) return valueAt(scope.values, head.slice('.Values.'.length));
  if (head === '.Release.Namespace' && args.length === 0) return scope.namespace;
  if (head === 'int') {
    only(1);
    return Math.trunc(Number(evaluate(args[0] ?? '', scope)));
  }
  if (head === 'until') {
    only(1);
    return Array.from({ length: Number(evaluate(args[0] ?? '', scope)) }, (_unused, index) => index);
  }
  if (head === 'gt') {
    only(2);
    return Number(evaluate(args[0] ?? '', scope)) > Number(evaluate(args[1] ?? '', scope));
  }
  if (head === 'fail') {
    only(1);
    throw new Error(`fail: ${(args[0] ?? '').slice(1, -1)}`);
  }
  throw unsupported(expression);
}

/** `toYaml .Values.x | nindent N`: the list on new lines, each indented N. */
function listYaml(expression: string, scope: Scope): string | undefined {
  const pipeline = /^toYaml \.Values\.([\w.]+) \| nindent (\d+)$/.exec(expression);
  if (!pipeline?.[1]) return undefined;
  const value = valueAt(scope.values, pipeline[1]);
  if (!Array.isArray(value)) throw new Error(`no list value ${pipeline[1]}`);
  const indent = ' '.repeat(Number(pipeline[2]));
  return `\n${stringify(value)
    .trimEnd()
    .split('\n')
    .map((line) => `${indent}${line}`)
    .join('\n')}`;
}

/** Go templates: false, 0, "", nil and empty lists and maps are false. */
function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value !== null && typeof value === 'object') return Object.keys(value).length > 0;
  return Boolean(value);
}

function renderNodes(nodes: readonly Node[], scope: Scope): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text;
    else if (node.kind === 'if') out += truthy(evaluate(node.condition, scope)) ? renderNodes(node.body, scope) : '';
    else if (node.kind === 'range') {
      const items = evaluate(node.over, scope);
      if (!Array.isArray(items)) throw new Error(`range over ${node.over}, which is not a list`);
      for (const item of items) {
        out += renderNodes(node.body, { ...scope, variables: { ...scope.variables, [node.variable]: item } });
      }
    } else {
      const list = listYaml(node.expression, scope);
      if (list !== undefined) {
        out += list;
        continue;
      }
      const value = evaluate(node.expression, scope);
      if (value === null || typeof value === 'object') throw new Error(`no value ${node.expression}`);
      out += String(value);
    }
  }
  return out;
}

/** The chart's template rendered with `values` into `namespace`, as `helm template` would. */
export function renderTemplate(template: string, values: unknown, namespace: string): string {
  return renderNodes(parse(template), { values, namespace, variables: {} });
}
