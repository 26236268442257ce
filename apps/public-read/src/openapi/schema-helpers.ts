/* Small builders for the JSON Schema 2020-12 objects of the OpenAPI 3.1 document. */
export type JsonSchema = Record<string, unknown>;

/** A closed object: every listed property required unless named in `optional`, nothing else allowed. */
export function object(properties: Record<string, JsonSchema>, optional: readonly string[] = []): JsonSchema {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties).filter((name) => !optional.includes(name)),
    additionalProperties: false,
  };
}

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
export const string = (description?: string): JsonSchema => ({
  type: 'string',
  ...(description ? { description } : {}),
});
export const nullableString = (description?: string): JsonSchema => ({
  type: ['string', 'null'],
  ...(description ? { description } : {}),
});
export const integer = (description?: string, minimum = 0): JsonSchema => ({
  type: 'integer',
  minimum,
  ...(description ? { description } : {}),
});
export const dateTime: JsonSchema = { type: 'string', format: 'date-time' };
export const boolean: JsonSchema = { type: 'boolean' };
export const fraction = (description: string): JsonSchema => ({ type: 'number', minimum: 0, maximum: 1, description });
export const nullableFraction = (description: string): JsonSchema => ({
  type: ['number', 'null'],
  minimum: 0,
  maximum: 1,
  description,
});
export const array = (items: JsonSchema, maxItems?: number): JsonSchema => ({
  type: 'array',
  items,
  ...(maxItems !== undefined ? { maxItems } : {}),
});
export const enumOf = (values: readonly string[], description?: string): JsonSchema => ({
  type: 'string',
  enum: [...values],
  ...(description ? { description } : {}),
});
export const bigIntString = (description: string): JsonSchema => ({ type: 'string', pattern: '^[0-9]+$', description });
export const number = (description?: string): JsonSchema => ({
  type: 'number',
  ...(description ? { description } : {}),
});
