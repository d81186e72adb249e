import { z } from 'zod';

// The part of our OpenAPI document (GET /api/openapi.json) that /docs/api shows, read into
// plain rows a page can render: operations with their parameters, body fields and answers.

export interface JsonSchema {
  type?: string | string[] | undefined;
  description?: string | undefined;
  properties?: Record<string, JsonSchema> | undefined;
  required?: string[] | undefined;
  items?: JsonSchema | undefined;
  anyOf?: JsonSchema[] | undefined;
  oneOf?: JsonSchema[] | undefined;
  enum?: unknown[] | undefined;
  const?: unknown;
  default?: unknown;
  format?: string | undefined;
  minimum?: number | undefined;
  maximum?: number | undefined;
  minLength?: number | undefined;
  maxLength?: number | undefined;
}

const jsonSchema: z.ZodType<JsonSchema> = z.lazy(() =>
  z.object({
    type: z.union([z.string(), z.array(z.string())]).optional(),
    description: z.string().optional(),
    properties: z.record(z.string(), jsonSchema).optional(),
    required: z.array(z.string()).optional(),
    items: jsonSchema.optional(),
    anyOf: z.array(jsonSchema).optional(),
    oneOf: z.array(jsonSchema).optional(),
    enum: z.array(z.unknown()).optional(),
    const: z.unknown().optional(),
    default: z.unknown().optional(),
    format: z.string().optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
  }),
);

const content = z.record(z.string(), z.object({ schema: jsonSchema.optional() })).optional();

const operationSchema = z.object({
  summary: z.string().optional(),
  description: z.string().optional(),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  parameters: z
    .array(
      z.object({
        name: z.string(),
        in: z.string(),
        required: z.boolean().optional(),
        description: z.string().optional(),
        schema: jsonSchema.optional(),
      }),
    )
    .optional(),
  requestBody: z.object({ content }).optional(),
  responses: z.record(z.string(), z.object({ description: z.string().optional(), content })).optional(),
});

export const openApiDocumentSchema = z.object({
  info: z.object({ title: z.string(), version: z.string() }),
  servers: z.array(z.object({ url: z.string() })).optional(),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;

/** One field of a parameter list, a body or an answer. */
export interface FieldRow {
  /** 'data[].refundRequest.status': where the field sits in the JSON. */
  name: string;
  type: string;
  required: boolean;
  /** Allowed values, range, default, and the schema's own description. */
  notes: string[];
}

export interface ResponseRow {
  status: string;
  fields: FieldRow[];
}

export interface Operation {
  method: string;
  path: string;
  /** The anchor of its section on the page. */
  id: string;
  summary: string;
  needsKey: boolean;
  parameters: (FieldRow & { in: string })[];
  body: FieldRow[];
  responses: ResponseRow[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** zod writes these bounds on every integer: they say nothing a reader needs. */
const SAFE_INTEGER = 9007199254740991;
const INT32_MAX = 2147483647;

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/** 'integer', 'string or null', 'array of object'. */
export function typeText(schema: JsonSchema): string {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return [...new Set(variants.map(typeText))].join(' or ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  return (
    typesOf(schema)
      .map((type) => (type === 'array' && schema.items ? `array of ${typeText(schema.items)}` : type))
      .join(' or ') || 'any'
  );
}

/** Allowed values, range, length, default and description, in words. */
export function notesOf(schema: JsonSchema): string[] {
  const notes: string[] = [];
  const values = schema.enum ?? (schema.anyOf ?? schema.oneOf ?? []).flatMap((s) => s.enum ?? []);
  if (values.length > 0) notes.push(`One of: ${values.map((v) => String(v)).join(', ')}`);
  const min =
    schema.minimum !== undefined && Math.abs(schema.minimum) !== SAFE_INTEGER ? schema.minimum : undefined;
  const max =
    schema.maximum !== undefined && schema.maximum !== SAFE_INTEGER && schema.maximum !== INT32_MAX
      ? schema.maximum
      : undefined;
  if (min !== undefined && max !== undefined) notes.push(`${min} to ${max}`);
  else if (min !== undefined) notes.push(`At least ${min}`);
  else if (max !== undefined) notes.push(`At most ${max}`);
  if (schema.maxLength !== undefined) notes.push(`Up to ${schema.maxLength} characters`);
  if (schema.format) notes.push(`Format: ${schema.format}`);
  if (schema.default !== undefined) notes.push(`Default: ${JSON.stringify(schema.default)}`);
  if (schema.description) notes.push(schema.description);
  return notes;
}

/** The object inside a schema that may also be null (anyOf [object, null]). */
function objectPart(schema: JsonSchema): JsonSchema | undefined {
  if (schema.properties) return schema;
  return (schema.anyOf ?? schema.oneOf)?.find((s) => s.properties);
}

/**
 * A schema as one row per field, nested fields under their parent ('data[].id'), so a body
 * or an answer reads as a flat table.
 */
export function schemaRows(schema: JsonSchema, prefix = ''): FieldRow[] {
  const object = objectPart(schema);
  if (object?.properties) {
    const required = new Set(object.required ?? []);
    return Object.entries(object.properties).flatMap(([key, child]) => {
      const name = prefix ? `${prefix}.${key}` : key;
      return [
        { name, type: typeText(child), required: required.has(key), notes: notesOf(child) },
        ...nestedRows(child, name),
      ];
    });
  }
  if (prefix === '' && schema.items) return schemaRows(schema.items, '[]');
  return [];
}

function nestedRows(schema: JsonSchema, name: string): FieldRow[] {
  if (objectPart(schema)) return schemaRows(schema, name);
  const items = schema.items ?? (schema.anyOf ?? schema.oneOf)?.find((s) => s.items)?.items;
  return items && objectPart(items) ? schemaRows(items, `${name}[]`) : [];
}

const jsonSchemaOf = (c: z.infer<typeof content>): JsonSchema | undefined => c?.['application/json']?.schema;

/** '/api/v1/panels/{panelId}' + 'get' -> 'get-api-v1-panels-panelid'. */
export const operationId = (method: string, path: string): string =>
  `${method}-${path}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The operations under `prefix` (the public API is /api/v1), in the document's order. */
export function operationsOf(doc: OpenApiDocument, prefix = '/api/v1/'): Operation[] {
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith(prefix))
    .flatMap(([path, item]) =>
      METHODS.flatMap((method) => {
        const parsed = operationSchema.safeParse(item[method]);
        if (item[method] === undefined || !parsed.success) return [];
        const op = parsed.data;
        const body = jsonSchemaOf(op.requestBody?.content);
        return [
          {
            method: method.toUpperCase(),
            path,
            id: operationId(method, path),
            summary: op.summary ?? op.description ?? '',
            needsKey: (op.security ?? []).length > 0,
            parameters: (op.parameters ?? []).map((p) => ({
              name: p.name,
              in: p.in,
              type: p.schema ? typeText(p.schema) : 'string',
              required: p.required === true,
              notes: [...(p.schema ? notesOf(p.schema) : []), ...(p.description ? [p.description] : [])],
            })),
            body: body ? schemaRows(body) : [],
            responses: Object.entries(op.responses ?? {}).map(([status, answer]) => {
              const schema = jsonSchemaOf(answer.content);
              return { status, fields: schema && status.startsWith('2') ? schemaRows(schema) : [] };
            }),
          },
        ];
      }),
    );
}
