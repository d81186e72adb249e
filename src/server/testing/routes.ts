import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  path: string;
}

/**
 * Every route the app has registered, read from Fastify's own route tree (printRoutes), so a
 * route added anywhere later (another plugin, another file) is checked without anyone
 * remembering to list it. Lines look like `│   └── /:id (GET, HEAD)`: four columns of indent
 * per level, a path segment appended to its parent's, methods in parentheses.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, path });
  }
  return routes;
}

/** Routes with suites of their own: the auth library's front door (auth/surface.test.ts) and the web app's pages. */
export const hasOwnSuite = (route: RegisteredRoute) =>
  route.method === 'HEAD' ||
  route.method === 'OPTIONS' ||
  route.path === '*' ||
  route.path.startsWith('/api/auth');
