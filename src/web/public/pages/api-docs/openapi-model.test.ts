import { describe, expect, it } from 'vitest';
import {
  notesOf,
  type OpenApiDocument,
  openApiDocumentSchema,
  operationId,
  operationsOf,
  schemaRows,
  typeText,
} from './openapi-model';

const error = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: { code: { type: 'string' }, message: { type: 'string' } },
      required: ['code', 'message'],
    },
  },
  required: ['error'],
};

// Shaped as @fastify/swagger writes ours: zod's integer bounds, anyOf for nullable objects.
const doc: OpenApiDocument = openApiDocumentSchema.parse({
  openapi: '3.1.0',
  info: { title: 'PanelHub API', version: '1.0.0' },
  servers: [{ url: 'https://panels.example' }],
  paths: {
    '/api/me/api-keys': { get: { summary: 'Not public', responses: {} } },
    '/api/v1/panels': {
      get: {
        summary: "A page of the key owner's panels",
        security: [{ apiKey: [] }],
        parameters: [
          {
            in: 'query',
            name: 'limit',
            required: false,
            schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
          },
          {
            in: 'query',
            name: 'cursor',
            required: false,
            description: 'next_cursor of the previous page',
            schema: { type: 'string', minLength: 1, maxLength: 200 },
          },
        ],
        responses: {
          200: {
            description: 'Default Response',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    data: {
                      type: 'array',
                      items: {
                        type: 'object',
                        properties: {
                          id: { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 },
                          status: { type: 'string', enum: ['active', 'expired'] },
                          refundRequest: {
                            anyOf: [
                              {
                                type: 'object',
                                properties: { note: { type: ['string', 'null'] } },
                                required: ['note'],
                              },
                              { type: 'null' },
                            ],
                          },
                        },
                        required: ['id', 'status'],
                      },
                    },
                    next_cursor: { type: ['string', 'null'] },
                  },
                  required: ['data', 'next_cursor'],
                },
              },
            },
          },
          401: { description: 'Default Response', content: { 'application/json': { schema: error } } },
        },
      },
    },
    '/api/v1/panels/{panelId}': {
      get: {
        summary: 'One panel',
        security: [{ apiKey: [] }],
        parameters: [
          {
            in: 'path',
            name: 'panelId',
            required: true,
            schema: { type: 'integer', minimum: 1, maximum: 2147483647 },
          },
        ],
        responses: { 200: { description: 'Default Response' } },
      },
    },
  },
});

describe('typeText', () => {
  it('names plain, nullable, array and union types', () => {
    expect(typeText({ type: 'integer' })).toBe('integer');
    expect(typeText({ type: ['string', 'null'] })).toBe('string or null');
    expect(typeText({ type: 'array', items: { type: 'object' } })).toBe('array of object');
    expect(typeText({ anyOf: [{ type: 'object' }, { type: 'null' }] })).toBe('object or null');
    expect(typeText({})).toBe('any');
  });
});

describe('notesOf', () => {
  it('says the range, default, values and description, and hides zod’s integer bounds', () => {
    expect(notesOf({ type: 'integer', minimum: 1, maximum: 100, default: 25 })).toEqual([
      '1 to 100',
      'Default: 25',
    ]);
    expect(notesOf({ type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 })).toEqual([]);
    expect(notesOf({ type: 'integer', minimum: 1, maximum: 2147483647 })).toEqual(['At least 1']);
    expect(notesOf({ type: 'string', enum: ['a', 'b'], description: 'Why' })).toEqual([
      'One of: a, b',
      'Why',
    ]);
  });
});

describe('schemaRows', () => {
  it('flattens nested objects and arrays into dotted names', () => {
    const [op] = operationsOf(doc);
    const rows = op?.responses.find((r) => r.status === '200')?.fields ?? [];
    expect(rows.map((r) => [r.name, r.type, r.required])).toEqual([
      ['data', 'array of object', true],
      ['data[].id', 'integer', true],
      ['data[].status', 'string', true],
      ['data[].refundRequest', 'object or null', false],
      ['data[].refundRequest.note', 'string or null', true],
      ['next_cursor', 'string or null', true],
    ]);
  });

  it('gives nothing for a schema without fields', () => {
    expect(schemaRows({ type: 'string' })).toEqual([]);
  });
});

describe('operationsOf', () => {
  it('lists only the /api/v1 operations, with their parameters and answers', () => {
    const ops = operationsOf(doc);
    expect(ops.map((o) => `${o.method} ${o.path}`)).toEqual([
      'GET /api/v1/panels',
      'GET /api/v1/panels/{panelId}',
    ]);
    const [list, one] = ops;
    expect(list?.needsKey).toBe(true);
    expect(list?.parameters.map((p) => [p.name, p.in, p.required, p.notes])).toEqual([
      ['limit', 'query', false, ['1 to 100', 'Default: 25']],
      ['cursor', 'query', false, ['Up to 200 characters', 'next_cursor of the previous page']],
    ]);
    expect(list?.responses.map((r) => r.status)).toEqual(['200', '401']);
    // Refusals share one error shape, explained once on the page rather than per operation.
    expect(list?.responses.find((r) => r.status === '401')?.fields).toEqual([]);
    expect(one?.parameters[0]).toMatchObject({ name: 'panelId', in: 'path', required: true });
  });

  it('makes anchors from the method and path', () => {
    expect(operationId('get', '/api/v1/panels/{panelId}')).toBe('get-api-v1-panels-panelid');
  });
});
