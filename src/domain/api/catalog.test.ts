import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { API_ENDPOINTS, endpointKey } from './catalog';
import type { Endpoint, EndpointExample } from './endpoint';

/** The inputs an endpoint declares, each with the part of its example that must parse with it. */
const inputs = (endpoint: Endpoint) =>
  (
    [
      ['params', endpoint.params],
      ['query', endpoint.querystring],
      ['headers', endpoint.headers],
      ['body', endpoint.body],
      // A provider's event is its body, read raw.
      ['body', endpoint.event],
    ] as const
  ).filter((input): input is [keyof EndpointExample, z.ZodType] => input[1] !== undefined);

describe('the endpoint declarations', () => {
  it('name each method and path once', () => {
    const keys = API_ENDPOINTS.map(endpointKey);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('give each endpoint its own operationId', () => {
    const ids = API_ENDPOINTS.map((e) => e.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
  });

  it('have an example for every input that needs one, and each parses with its schema', () => {
    const failures: string[] = [];
    for (const endpoint of API_ENDPOINTS) {
      for (const [part, schema] of inputs(endpoint)) {
        const example = endpoint.example?.[part];
        // An input that is all optional (a list's filters) needs no example.
        if (example === undefined && schema.safeParse(part === 'body' ? undefined : {}).success) continue;
        const parsed = schema.safeParse(example);
        if (!parsed.success) {
          failures.push(`${endpointKey(endpoint)} ${part}: ${parsed.error.issues[0]?.message}`);
        }
      }
      for (const part of Object.keys(endpoint.example ?? {})) {
        if (!inputs(endpoint).some(([declared]) => declared === part)) {
          failures.push(`${endpointKey(endpoint)}: an example ${part} without a schema`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('list every refusal once, by status, those of their access included', () => {
    for (const endpoint of API_ENDPOINTS) {
      const who = endpointKey(endpoint);
      const keys = endpoint.errors.map((e) => `${e.status} ${e.code}`);
      expect(new Set(keys).size, who).toBe(keys.length);
      expect(
        endpoint.errors.map((e) => e.status),
        who,
      ).toEqual([...endpoint.errors.map((e) => e.status)].sort((a, b) => a - b));
      const has = (status: number, code: string) => keys.includes(`${status} ${code}`);
      const { kind } = endpoint.access;
      if (kind !== 'public' && kind !== 'provider') expect(has(401, 'unauthorized'), who).toBe(true);
      if (kind === 'admin') expect(has(403, 'forbidden'), who).toBe(true);
      if (kind === 'owner') expect(has(404, 'not_found'), who).toBe(true);
      if (endpoint.params || endpoint.querystring || endpoint.body) {
        expect(has(400, 'validation_error'), who).toBe(true);
      }
    }
  });
});
