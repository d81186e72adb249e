import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ENDPOINTS } from '../../domain/api/catalog';
import { ERROR_CODES, type ErrorCode } from '../../domain/api/error-codes';
import { authEndpointOf } from '../auth/openapi';
import { AUTH_SURFACE } from '../auth/surface';

// The list of error codes is closed both ways: the types keep the server from answering a code
// that is not in it; this keeps the list from holding a code nothing answers or declares, and
// the declarations from promising a code the server never sends.

const SERVER = resolve(__dirname, '..');
/** The auth library's codes are turned into ours there, for the front door to answer. */
const AUTH_CODES = resolve(SERVER, '../domain/auth-errors.ts');
const LISTED = new Set<string>(ERROR_CODES);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every listed code the server's own code names, with the first file that names it. */
function answered(): Map<ErrorCode, string> {
  const found = new Map<ErrorCode, string>();
  for (const file of [...sourceFiles(SERVER), AUTH_CODES]) {
    for (const [, literal = ''] of readFileSync(file, 'utf8').matchAll(/'([a-z][a-z0-9_]*)'/g)) {
      if (LISTED.has(literal) && !found.has(literal as ErrorCode)) {
        found.set(literal as ErrorCode, relative(SERVER, file));
      }
    }
  }
  return found;
}

const declared = new Set<ErrorCode>(
  [...API_ENDPOINTS, ...AUTH_SURFACE.map(authEndpointOf)].flatMap((endpoint) =>
    endpoint.errors.map((error) => error.code),
  ),
);

describe('the error code list', () => {
  it('holds no code that the server never answers and no endpoint declares', () => {
    const sent = answered();
    expect(ERROR_CODES.filter((code) => !sent.has(code) && !declared.has(code))).toEqual([]);
  });

  it('is answered by the server for every code an endpoint declares', () => {
    const sent = answered();
    expect([...declared].filter((code) => !sent.has(code))).toEqual([]);
  });

  it('names each code once', () => {
    expect(ERROR_CODES.filter((code, i) => ERROR_CODES.indexOf(code) !== i)).toEqual([]);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z][a-z0-9_]*$/);
  });
});
