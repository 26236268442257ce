/* Test-only: the operations of an OpenAPI 3.1 document as the fuzzer needs them (parameters and bodies resolved). */
import { resolveSchema, type JsonSchema, type SchemaContext } from './json-schema.js';

export type ParameterLocation = 'path' | 'query' | 'header';

export interface OperationParameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  schema: JsonSchema;
}

export interface FuzzOperation {
  operationId: string;
  method: string;
  /** The path template of the document, e.g. `/markets/{id}`. */
  path: string;
  parameters: OperationParameter[];
  /** The JSON request body, when the operation takes one. */
  body?: { required: boolean; schema: JsonSchema };
  /** The statuses the operation documents, e.g. ['200', '400']. */
  statuses: string[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const isLocation = (value: unknown): value is ParameterLocation =>
  value === 'path' || value === 'query' || value === 'header';

function parametersOf(list: unknown, context: SchemaContext): OperationParameter[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const parameter = resolveSchema(entry, context);
    if (!isLocation(parameter.in) || typeof parameter.name !== 'string') return [];
    return [
      {
        name: parameter.name,
        in: parameter.in,
        required: parameter.required === true || parameter.in === 'path',
        schema: (parameter.schema ?? {}) as JsonSchema,
      },
    ];
  });
}

/** Every operation of `document`, in document order; operation parameters override path-level ones of one name. */
export function operationsOf(document: JsonSchema): FuzzOperation[] {
  const context: SchemaContext = { root: document };
  const operations: FuzzOperation[] = [];
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, JsonSchema>)) {
    const shared = parametersOf(item.parameters, context);
    for (const method of METHODS) {
      const operation = item[method] as JsonSchema | undefined;
      if (!operation || typeof operation.operationId !== 'string') continue;
      const own = parametersOf(operation.parameters, context);
      const parameters = [
        ...shared.filter((parameter) => !own.some((o) => o.name === parameter.name && o.in === parameter.in)),
        ...own,
      ];
      const requestBody = operation.requestBody ? resolveSchema(operation.requestBody, context) : undefined;
      const content = (requestBody?.content ?? {}) as Record<string, JsonSchema>;
      const json = content['application/json'];
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        parameters,
        ...(json
          ? { body: { required: requestBody?.required === true, schema: (json.schema ?? {}) as JsonSchema } }
          : {}),
        statuses: Object.keys((operation.responses ?? {}) as JsonSchema),
      });
    }
  }
  return operations;
}
