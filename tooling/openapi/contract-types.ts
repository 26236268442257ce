/*
 * Handler input types generated from an API's OpenAPI document by openapi-typescript (decision 0026): the document
 * stays the one source, and the committed output is checked against it by each API's drift test.
 */
import { writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import type { OpenAPI3 } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import { isRecord } from '#shared/runtime/plain-values.js';

export interface ContractTypeOptions {
  /**
   * The validator fills in query defaults (public-read's strict query forms): a defaulted query parameter is
   * then always present in the validated input, so it is typed as required.
   */
  queryDefaultsApplied?: boolean;
}

type Json = Record<string, unknown>;

/** The document as the validated input sees it: defaulted query parameters required. */
function validatedView(document: Json): Json {
  const view = structuredClone(document);
  for (const item of Object.values(isRecord(view.paths) ? view.paths : {})) {
    for (const operation of Object.values(isRecord(item) ? item : {})) {
      const parameters = isRecord(operation) && Array.isArray(operation.parameters) ? operation.parameters : [];
      for (const parameter of parameters) {
        if (
          isRecord(parameter) &&
          parameter.in === 'query' &&
          isRecord(parameter.schema) &&
          'default' in parameter.schema
        ) {
          parameter.required = true;
        }
      }
    }
  }
  return view;
}

const HEADER = (source: string) =>
  `/*\n * Generated from ${source} by \`npm run generate:contract-types\` (openapi-typescript). Do not edit.\n */\n`;

/** The TypeScript types of the document (`paths`, `operations`, `components`), formatted as the repository is. */
export async function contractTypesOf(
  document: object,
  source: string,
  outputPath: string,
  options: ContractTypeOptions = {},
): Promise<string> {
  const json: Json = JSON.parse(JSON.stringify(document));
  const view = options.queryDefaultsApplied ? validatedView(json) : json;
  // openapi-typescript takes the document it describes; its own type only lists the OpenAPI members.
  const input: OpenAPI3 = JSON.parse(JSON.stringify(view));
  const ast = await openapiTS(input, { alphabetize: false, exportType: false });
  const source_ = HEADER(source) + astToString(ast);
  const config = (await resolveConfig(outputPath)) ?? {};
  return format(source_, { ...config, filepath: outputPath });
}

/** Generates the text once and writes it to every path (an API's own types and any copy of them); logs each path. */
export async function writeContractTypes(generate: () => Promise<string>, paths: readonly string[]): Promise<void> {
  const text = await generate();
  for (const path of paths) {
    writeFileSync(path, text);
    process.stdout.write(`wrote ${path}\n`);
  }
}
