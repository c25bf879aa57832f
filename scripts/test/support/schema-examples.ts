import { randomUUID } from 'node:crypto';

/** The parts of a JSON Schema (as the services' OpenAPI 3.1 documents write them) that examples are made from. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
}

/** A path into a request body: property names and array indexes. */
export type FieldPath = ReadonlyArray<string | number>;

/**
 * A value the schema accepts, as far as a schema can tell (ids it names need not exist): every property, optional
 * ones included, so each string field is there to be replaced. Only a best effort for patterns, which is all the
 * bad-input test needs: the text guard refuses hostile text before the schema is even looked at.
 */
export function exampleOf(schema: JsonSchema): unknown {
  const branch = firstBranch(schema);
  if (branch !== schema) return exampleOf(branch);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum !== undefined) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  switch (typeOf(schema)) {
    case 'string':
      return exampleString(schema);
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return [exampleOf(schema.items ?? {})];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [name, exampleOf(property)]),
      );
    default:
      return null;
  }
}

/** Every string a body of this schema can hold, by path; an array's items are reached through index 0. */
export function stringFields(schema: JsonSchema, path: FieldPath = []): FieldPath[] {
  const branch = firstBranch(schema);
  if (branch !== schema) return stringFields(branch, path);
  if (schema.enum !== undefined || schema.const !== undefined)
    return typeOf(schema) === 'string' ? [path] : [];
  switch (typeOf(schema)) {
    case 'string':
      return [path];
    case 'array':
      return stringFields(schema.items ?? {}, [...path, 0]);
    case 'object':
      return Object.entries(schema.properties ?? {}).flatMap(([name, property]) =>
        stringFields(property, [...path, name]),
      );
    default:
      return [];
  }
}

/** `value` with the field at `path` replaced by `replacement` (a deep copy; the example itself is untouched). */
export function withField(value: unknown, path: FieldPath, replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(value)) {
    const copy: unknown[] = [...(value as unknown[])];
    copy[Number(head)] = withField(copy[Number(head)], rest, replacement);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  copy[head] = withField(copy[head], rest, replacement);
  return copy;
}

/** The branch of an `anyOf`/`oneOf` an example takes: the first that is not `null`. */
function firstBranch(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (branches === undefined) return schema;
  return branches.find((branch) => typeOf(branch) !== 'null') ?? branches[0] ?? {};
}

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null');
  if (schema.type !== undefined) return schema.type;
  if (schema.properties !== undefined) return 'object';
  return undefined;
}

/** Candidates tried against a pattern, covering the kinds the API uses: slugs, colours, card numbers, CVCs. */
const patternCandidates = ['example', 'example-1', '#3B82F6', '4242424242424242', '123', 'A1'];

function exampleString(schema: JsonSchema): string {
  switch (schema.format) {
    case 'uuid':
      return randomUUID();
    case 'email':
      return `bad-input-${randomUUID().slice(0, 8)}@example.test`;
    case 'date-time':
      return new Date().toISOString();
    case 'date':
      return new Date().toISOString().slice(0, 10);
    case 'uri':
    case 'url':
      return 'https://example.test/';
  }
  const fits = (text: string) =>
    text.length >= (schema.minLength ?? 0) && text.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
  if (schema.pattern !== undefined) {
    const pattern = new RegExp(schema.pattern);
    const match = patternCandidates.find((candidate) => pattern.test(candidate) && fits(candidate));
    if (match !== undefined) return match;
  }
  const text = 'Example text';
  return fits(text) ? text : 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
}
