import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The web app reaches the API through the endpoint declarations (lib/call.ts, lib/endpoint-path.ts),
// so a path the server does not serve cannot be written. These are the paths still written by
// hand, each with why; a path that gets its declaration leaves this list.

const WEB = resolve(__dirname);

const HAND_WRITTEN: Record<string, string> = {
  // Not ours to declare: better-auth serves /api/auth, the OpenAPI plugin its document.
  'lib/api/auth-api.ts: /api/auth/sign-in/email': 'better-auth',
  'lib/api/auth-api.ts: /api/auth/email-otp/send-verification-otp': 'better-auth',
  'lib/api/auth-api.ts: /api/auth/sign-in/email-otp': 'better-auth',
  'lib/api/auth-api.ts: /api/auth/two-factor/verify-totp': 'better-auth',
  'lib/api/auth-api.ts: /api/auth/two-factor/verify-backup-code': 'better-auth',
  'lib/api/auth-api.ts: /api/auth/sign-up/email': 'better-auth',
  'lib/api/auth-api.ts: /api/auth/sign-out': 'better-auth',
  'lib/api/auth-api.ts: /api/auth/request-password-reset': 'better-auth',
  'lib/api/auth-api.ts: /api/auth/reset-password': 'better-auth',
  'lib/api/auth-api.ts: /api/auth/change-password': 'better-auth',
  'lib/api/auth-api.ts: /api/auth/two-factor/enable': 'better-auth',
  'lib/api/auth-api.ts: /api/auth/two-factor/disable': 'better-auth',
  'public/api/openapi-api.ts: /api/openapi.json': 'the OpenAPI document itself',
  'public/pages/api-docs/reference-section.tsx: /api/openapi.json': 'link to the OpenAPI document',
  'public/pages/api-docs/openapi-model.ts: /api/v1/':
    "the public API's prefix in the document, not a request",
  // Declared, but the public pages' first download carries neither zod nor the declarations:
  // importing a declaration module brings zod, the endpoint machinery and its group's schemas.
  'lib/api/signed-in-api.ts: /api/me': 'declared (accountApi.me); kept out of the first download',
  'lib/api/site-api.ts: /api/site':
    'declared (siteApi.info); every page loads it first: pathOf() would add zod, 28 KB gzipped, to the home page',
  'public/api/contact-api.ts: /api/contact':
    "declared (siteApi.contact); call() would add 5.5 KB gzipped to the contact page's first download",
  'lib/api/shop-status-api.ts: /api/status':
    "declared (siteApi.status); call() would add 3.7 KB gzipped to the public /status page's first download",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The text of each string and template literal in `source` (a template: each of its parts). */
function literalsOf(fileName: string, source: string): string[] {
  // By extension: in a .tsx file `<P>(...) =>` would read as JSX.
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, kind);
  const texts: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) texts.push(node.text);
    else if (ts.isTemplateExpression(node)) {
      texts.push(node.head.text, ...node.templateSpans.map((span) => span.literal.text));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return texts;
}

const isApiPath = (text: string) => text === '/api' || text.startsWith('/api/');

/** 'file: literal' for each literal of src/web that is an API path. */
function handWrittenPaths(): string[] {
  return sourceFiles(WEB).flatMap((path) =>
    literalsOf(path, readFileSync(path, 'utf8'))
      .filter(isApiPath)
      .map((text) => `${relative(WEB, path)}: ${text}`),
  );
}

describe('API paths in the web app', () => {
  it('reads string, template and JSX attribute literals, and no comments', () => {
    const source = [
      "// '/api/in/a/comment'",
      "const a = '/api/one';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source under test holds a template
      'const b = `/api/two/${a}/three`;',
      'const c = <a href="/api/four">x</a>;',
    ].join('\n');
    expect(literalsOf('x.tsx', source).filter(isApiPath)).toEqual(['/api/one', '/api/two/', '/api/four']);
  });

  it('come from the endpoint declarations, but for the listed few', () => {
    expect([...new Set(handWrittenPaths())].sort()).toEqual(Object.keys(HAND_WRITTEN).sort());
  });
});
