import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_ENDPOINTS, endpointKey } from '../../domain/api/catalog';
import type { EndpointAccess } from '../../domain/api/endpoint';
import type { ApiKeyScope } from '../../domain/api-keys';
import {
  ASSIGNABLE_ROLES,
  keyAllows,
  roleAllows,
  WORKSPACE_ROLES,
  type WorkspacePermission,
  type WorkspaceRole,
} from '../../domain/workspaces/roles';
import { hashApiKey } from '../api-keys/service';
import { apiKeys, panels, workspaceInvitations, workspaces } from '../db/schema';
import { INFRASTRUCTURE_ROUTES } from '../http/infrastructure-routes';
import { signedInAccount } from '../testing/accounts';
import { adminKitForSuite, insertOwnedObjects } from '../testing/admin-kit';
import { hasOwnSuite, type RegisteredRoute, registeredRoutes } from '../testing/routes';
import { TestClient } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';
import {
  activate,
  activeWorkspace,
  addMember,
  insertWorkspaceKey,
  newWorkspace,
  person,
} from '../testing/workspaces';
import { generateInvitationToken, hashInvitationToken } from '../workspaces/invitations';

/**
 * Who may call each route (docs/security.md), as each endpoint's declaration says
 * (src/domain/api, `access`), probed over HTTP:
 * - public: anyone; never 401/403.
 * - user: any signed-in person (customers and admins); anonymous 401. With a permission, only
 *   a member of the session's workspace whose role holds it (src/domain/workspaces/roles.ts);
 *   any other role 403.
 * - owner: an object of the session's workspace named in the path, for a role holding the
 *   permission; anonymous 401, a role without it 403, a member of another workspace whose role
 *   holds it 404 (the object does not exist for them), a member here whose role holds it gets through.
 * - admin: anonymous 401, customers 403.
 * - provider: a payment provider's signed callback; nobody gets through without the signature.
 * - key: /api/v1, an API key in `Authorization: Bearer` and nothing else (a session cookie
 *   alone is a 401, docs/decisions/0011-api-keys.md); the key acts in its workspace with its
 *   role capped by its creator's role now, never as an admin; what both do not allow is a 403.
 * - key-owner: a key's own workspace's object named in the path; another workspace's key gets
 *   404 (403 when its role could not do it anyway).
 * An endpoint declared for a read_write key refuses a read key with 403.
 * The routes that are not endpoints (http/infrastructure-routes.ts) are public.
 * Customer A's personal workspace is the shared one: A owns it and one person of every other
 * role works in it; another workspace has a person of every role too; a removed member and
 * their key are refused at the next request.
 */
type Access = 'public' | 'user' | 'owner' | 'admin' | 'provider' | 'key' | 'key-owner';

const accessName = (access: EndpointAccess): Access =>
  access.kind === 'key' ? (access.owner ? 'key-owner' : 'key') : access.kind;

/** Who may call each route the app has, by 'METHOD /path': what its declaration says. */
let MATRIX: Record<string, Access>;
/** The scope each /api/v1 route declares. */
let SCOPES: Record<string, ApiKeyScope>;
/** The workspace permission each route declares, if any. */
let PERMISSIONS: Record<string, WorkspacePermission>;

const KEY_ACCESS = new Set<Access | undefined>(['key', 'key-owner']);

/** The routes that need a valid body to reach their owner or state checks: the declared example. */
const NEEDS_BODY = [
  'POST /api/me/orders/:orderId/refund-request',
  'POST /api/me/api-keys',
  'POST /api/me/panels/:panelId/replacement-request',
  'POST /api/admin/replacements/:id/reject',
  'PUT /api/me/billing-profile',
  'POST /api/v1/orders',
  'POST /api/me/webhooks',
  'POST /api/me/orders/:orderId/add-panels',
  'POST /api/me/workspaces/:workspaceId/owner',
  'PUT /api/me/workspaces/:workspaceId/members/:userId',
  'POST /api/me/workspaces/:workspaceId/invitations',
];
/** The reads that need a valid query to reach their owner check: the declared example's. */
const NEEDS_QUERY = ['GET /api/me/orders/:orderId/add-panels'];
/** Where the example cannot serve here: a webhook URL must resolve without the network. */
const TEST_BODIES: Record<string, unknown> = {
  'POST /api/me/webhooks': { url: 'http://127.0.0.1:65000/matrix', events: ['order.paid'] },
};
/** Moves the caller's session into the workspace it makes: a sweep moves it back after. */
const MOVES_SESSION = 'POST /api/me/workspaces';
/**
 * A member who left the shared workspace would be out of it for the rest of their sweep: they
 * try to leave their personal one instead, which the guard lets through and the service refuses.
 */
const LEAVE = 'POST /api/me/workspaces/:workspaceId/leave';
let BODIES: Record<string, unknown>;
let QUERIES: Record<string, string>;

const key = (route: RegisteredRoute) => `${route.method} ${route.path}`;
const database = TEST_DATABASE_NAME;

const kit = adminKitForSuite();
let routes: RegisteredRoute[];
let otherCustomer: TestClient;
/** API keys of customer A (read_write, and read), and of the admin. */
let keys: { customer: string; customerRead: string; admin: string };
/** Customer A's objects, by path parameter name. */
let owned: Record<string, string>;

/** A person signed in with their session in a workspace where they hold `role`. */
interface Member {
  client: TestClient;
  id: string;
  email: string;
  personalId: string;
}
/** The shared workspace (customer A's): A its owner and one person per other role. */
let team: Record<WorkspaceRole, Member>;
/** Another workspace, made by the other customer (its owner), one person per other role. */
let otherWorkspace: string;
let outsiders: Record<WorkspaceRole, Member>;
/** An admin of the shared workspace, with a key of their own, removed before their sweep. */
let removed: Member & { key: string };
/** read_write keys of the shared workspace, with the role each acts as and its creator's role. */
let teamKeys: { role: WorkspaceRole; creatorRole: WorkspaceRole; key: string }[];
/** read_write keys of the other workspace, one per role a key can have, made by its owner. */
let outsiderKeys: { role: WorkspaceRole; key: string }[];
/** Text only the shared workspace's answers hold: its id, its panel's address, its checkout session. */
let markers: string[];

beforeAll(async () => {
  routes = registeredRoutes(kit.t.app).filter((route) => !hasOwnSuite(route));
  const declared = kit.t.app.routeTable.filter((route) => route.declaration);
  MATRIX = {
    ...Object.fromEntries(Object.keys(INFRASTRUCTURE_ROUTES).map((name) => [name, 'public' as const])),
    ...Object.fromEntries(
      declared.flatMap(({ method, url, declaration }) =>
        declaration ? [[`${method} ${url}`, accessName(declaration.access)]] : [],
      ),
    ),
  };
  SCOPES = Object.fromEntries(
    declared.flatMap(({ method, url, declaration }) =>
      declaration?.access.kind === 'key' ? [[`${method} ${url}`, declaration.access.scope]] : [],
    ),
  );
  PERMISSIONS = Object.fromEntries(
    declared.flatMap(({ method, url, declaration }) => {
      const access = declaration?.access;
      return access && 'permission' in access && access.permission
        ? [[`${method} ${url}`, access.permission]]
        : [];
    }),
  );
  const examples = Object.fromEntries(API_ENDPOINTS.map((e) => [endpointKey(e), e.example?.body]));
  BODIES = Object.fromEntries(NEEDS_BODY.map((name) => [name, TEST_BODIES[name] ?? examples[name]]));
  const queries = Object.fromEntries(API_ENDPOINTS.map((e) => [endpointKey(e), e.example?.query]));
  QUERIES = Object.fromEntries(NEEDS_QUERY.map((name) => [name, `?${new URLSearchParams(queries[name])}`]));

  const bob = await signedInAccount(kit.t.app, kit.db, { email: 'bob@example.com', role: 'user' });
  otherCustomer = bob.client;

  const { id, orderId, paymentId, sessionId, panelId, creditNoteId } = await insertOwnedObjects(kit);
  const makeKey = async (client: TestClient, scope = 'read') => {
    const res = await client.post('/api/me/api-keys', { name: 'Matrix', scope });
    if (res.statusCode !== 201) throw new Error(`no API key: ${res.body}`);
    return res.json() as { id: number; key: string };
  };
  keys = {
    customer: (await makeKey(kit.customer, 'read_write')).key,
    customerRead: (await makeKey(kit.customer)).key,
    admin: (await makeKey(kit.admin, 'read_write')).key,
  };
  const endpointId = await newEndpoint();
  const test = await kit.customer.post(`/api/me/webhooks/${endpointId}/test`);
  if (test.statusCode !== 202) throw new Error(`no webhook delivery: ${test.body}`);
  owned = {
    id,
    orderId,
    paymentId,
    sessionId,
    panelId,
    creditNoteId,
    endpointId,
    deliveryId: String((test.json() as { id: number }).id),
  };
  Object.assign(owned, await workspaceObjects());
  const shared = owned.workspaceId!;

  const owner = {
    client: kit.customer,
    id: kit.customerUser.id,
    email: kit.customerUser.email,
    personalId: shared,
  };
  team = { owner, ...(await peopleIn(shared, 'team')) } as Record<WorkspaceRole, Member>;
  otherWorkspace = await newWorkspace(otherCustomer, 'Other agency');
  const [bobPersonal] = await kit.db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(and(eq(workspaces.createdBy, bob.id), eq(workspaces.personal, true)));
  outsiders = {
    owner: { client: otherCustomer, id: bob.id, email: 'bob@example.com', personalId: bobPersonal!.id },
    ...(await peopleIn(otherWorkspace, 'other')),
  } as Record<WorkspaceRole, Member>;

  const leaving = await person(kit.t.app, kit.db, 'leaving@team.example');
  await addMember(kit.db, shared, leaving.id, 'admin');
  await activate(leaving.client, shared);
  removed = {
    ...leaving,
    key: await insertWorkspaceKey(kit.db, {
      userId: leaving.id,
      workspaceId: shared,
      role: 'admin',
      scope: 'read_write',
    }),
  };

  // Every role a key can be given, made by the owner; and an admin key made by each other
  // role, as a key outlives its creator's demotion: capped to what the creator may do now.
  teamKeys = [];
  const keyCases = [
    ...ASSIGNABLE_ROLES.map((role) => ({ role, creatorRole: 'owner' as WorkspaceRole })),
    ...ASSIGNABLE_ROLES.filter((role) => role !== 'admin').map((creatorRole) => ({
      role: 'admin' as WorkspaceRole,
      creatorRole,
    })),
  ];
  for (const { role, creatorRole } of keyCases) {
    const userId = team[creatorRole].id;
    const apiKey = await insertWorkspaceKey(kit.db, {
      userId,
      workspaceId: shared,
      role,
      scope: 'read_write',
    });
    teamKeys.push({ role, creatorRole, key: apiKey });
  }
  outsiderKeys = [];
  for (const role of ASSIGNABLE_ROLES) {
    const apiKey = await insertWorkspaceKey(kit.db, {
      userId: bob.id,
      workspaceId: otherWorkspace,
      role,
      scope: 'read_write',
    });
    outsiderKeys.push({ role, key: apiKey });
  }

  const [panel] = await kit.db
    .select({ email: panels.email })
    .from(panels)
    .where(eq(panels.id, Number(panelId)));
  markers = [shared, panel!.email, sessionId];
});

/** A webhook endpoint of customer A's; its id. */
async function newEndpoint() {
  const res = await kit.customer.post('/api/me/webhooks', BODIES['POST /api/me/webhooks']);
  if (res.statusCode !== 201) throw new Error(`no webhook endpoint: ${res.body}`);
  return String((res.json() as { id: number }).id);
}

/** One person per assignable role, members of the workspace and working in it. */
async function peopleIn(workspaceId: string, tag: string) {
  const people: Partial<Record<WorkspaceRole, Member>> = {};
  for (const role of ASSIGNABLE_ROLES) {
    const someone = await person(kit.t.app, kit.db, `${role}@${tag}.example`);
    await addMember(kit.db, workspaceId, someone.id, role);
    await activate(someone.client, workspaceId);
    people[role] = someone;
  }
  return people;
}

/**
 * An invitation to the shared workspace for the address of someone who belongs to it already,
 * so accepting it reaches the service and is refused there (409); its token.
 */
async function tokenFor(email: string) {
  const token = generateInvitationToken();
  await kit.db.insert(workspaceInvitations).values({
    workspaceId: owned.workspaceId!,
    email,
    role: 'viewer',
    tokenHash: hashInvitationToken(token),
    sentAt: [new Date()],
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return token;
}

/**
 * Customer A's personal workspace (the session's), their own member row (the owner's: its
 * removal or role change is refused, not hidden), and an invitation there.
 */
async function workspaceObjects() {
  const [personal] = await kit.db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(and(eq(workspaces.createdBy, kit.customerUser.id), eq(workspaces.personal, true)));
  if (!personal) throw new Error('the customer has no personal workspace');
  const invited = await kit.customer.post(`/api/me/workspaces/${personal.id}/invitations`, {
    email: 'matrix@example.com',
    role: 'viewer',
  });
  if (invited.statusCode !== 201) throw new Error(`no invitation: ${invited.body}`);
  return {
    workspaceId: personal.id,
    userId: kit.customerUser.id,
    invitationId: String((invited.json() as { id: number }).id),
  };
}

/**
 * The shared workspace's objects for one member's sweep: a key and a webhook endpoint of its
 * own to delete (a second DELETE would be a 404), the invitation link to their own address,
 * and their personal workspace to leave.
 */
async function objectsFor(member: Member) {
  const revocable = await insertWorkspaceKey(kit.db, {
    userId: kit.customerUser.id,
    workspaceId: owned.workspaceId!,
    role: 'viewer',
  });
  const [row] = await kit.db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, hashApiKey(revocable)));
  const objects = { ...owned, keyId: String(row!.id), token: await tokenFor(member.email) };
  const deletable = await newEndpoint();
  return (route: RegisteredRoute) => {
    if (key(route) === 'DELETE /api/me/webhooks/:endpointId') return { ...objects, endpointId: deletable };
    if (key(route) === LEAVE) return { ...objects, workspaceId: member.personalId };
    return objects;
  };
}

const fill = (path: string, values: Record<string, string>) =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => values[name] ?? '1');

const send = (
  client: TestClient,
  route: RegisteredRoute,
  path: string,
  headers: Record<string, string> = {},
) =>
  client.request({
    method: route.method as 'GET',
    url: `${path}${QUERIES[key(route)] ?? ''}`,
    headers,
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: BODIES[key(route)] ?? {} }),
  });

const bearer = (apiKey: string) => ({ authorization: `Bearer ${apiKey}` });

/** Past the guard: neither 401, nor 403, nor the 404 of an object that is not one's own. */
const REFUSALS = [401, 403, 404];

/** The routes a signed-in person calls with a session: not public, not a provider's. */
const sessionRoutes = () =>
  routes.filter(
    (r) => !['public', 'provider', 'admin'].includes(MATRIX[key(r)]!) && !KEY_ACCESS.has(MATRIX[key(r)]),
  );

/**
 * What a member of a workspace other than the shared one, working there as `role`, gets on a
 * route named with the shared workspace's objects: the guard's 403 where the role lacks the
 * permission, else the 404 of an object that is not theirs; routes without a permission act
 * in their own workspace. Nothing of the shared workspace shows in any answer.
 */
async function sweepAsOutsider(client: TestClient, role: WorkspaceRole, workspaceId: string) {
  for (const route of sessionRoutes()) {
    const name = key(route);
    const path = fill(route.path, owned);
    const res = await send(client, route, path);
    if (name === MOVES_SESSION) await activate(client, workspaceId);
    const who = `${role} of another workspace: ${name} -> ${res.statusCode} ${res.body.slice(0, 120)}`;
    const permission = PERMISSIONS[name];
    expect(res.statusCode, who).not.toBe(401);
    if (permission && !roleAllows(role, permission)) expect(res.statusCode, who).toBe(403);
    else if (MATRIX[name] === 'owner') expect(res.statusCode, who).toBe(404);
    else if (permission) expect(res.statusCode, who).not.toBe(403);
    for (const marker of markers.filter((m) => !path.includes(m)))
      expect(res.body, who).not.toContain(marker);
  }
}

describe(`the access matrix on ${database}`, () => {
  it('knows who may call every route the app registers: its declaration, or infrastructure', () => {
    expect(routes.map(key).filter((name) => !(name in MATRIX))).toEqual([]);
    expect(NEEDS_BODY.filter((name) => BODIES[name] === undefined)).toEqual([]);
  });

  it('takes the access kinds from the declarations, not a list of its own', () => {
    expect(MATRIX['GET /api/me/dashboard']).toBe('user');
    expect(MATRIX['GET /api/me/invoices/:paymentId/pdf']).toBe('owner');
    expect(MATRIX['POST /api/webhooks/sandbox']).toBe('provider');
    expect(MATRIX['POST /api/v1/subscriptions/:orderId/cancel']).toBe('key-owner');
    expect(SCOPES['POST /api/v1/orders']).toBe('read_write');
    expect(PERMISSIONS['POST /api/me/panels/reveal']).toBe('panels.credentials');
    expect(PERMISSIONS['GET /api/me/profile']).toBeUndefined();
  });

  it('answers anonymous callers as the matrix says', async () => {
    const anonymous = new TestClient(kit.t.app);
    for (const route of routes) {
      const access = MATRIX[key(route)];
      const res = await send(anonymous, route, fill(route.path, owned));
      const who = `${key(route)} -> ${res.statusCode}`;
      if (access === 'public') expect([401, 403], who).not.toContain(res.statusCode);
      else if (access === 'provider') expect(res.statusCode, who).toBeGreaterThanOrEqual(400);
      else expect(res.statusCode, who).toBe(401);
    }
  });

  it.each(WORKSPACE_ROLES)(
    'lets a member of the shared workspace as %s through what the role allows, and no further',
    async (role) => {
      const member = team[role];
      const objectsOf = await objectsFor(member);
      for (const route of routes) {
        const name = key(route);
        const access = MATRIX[name];
        const res = await send(member.client, route, fill(route.path, objectsOf(route)));
        if (name === MOVES_SESSION) await activate(member.client, owned.workspaceId!);
        const who = `${role}: ${name} -> ${res.statusCode} ${res.body.slice(0, 120)}`;
        const permission = PERMISSIONS[name];
        if (access === 'admin') expect(res.statusCode, who).toBe(403);
        // Signed in, but no key: /api/v1 does not take the session.
        else if (KEY_ACCESS.has(access)) expect(res.statusCode, who).toBe(401);
        else if (access === 'user' || access === 'owner') {
          if (permission && !roleAllows(role, permission)) expect(res.statusCode, who).toBe(403);
          else expect(REFUSALS, who).not.toContain(res.statusCode);
        }
      }
    },
  );

  it.each(WORKSPACE_ROLES)(
    'shows a member of another workspace as %s nothing of the shared one: 403 by role, else 404',
    async (role) => {
      await sweepAsOutsider(outsiders[role].client, role, otherWorkspace);
    },
  );

  it('refuses a removed member at their next request, and their key with it', async () => {
    const order = `/api/me/orders/${owned.orderId}`;
    expect((await removed.client.get(order)).statusCode).toBe(200);
    expect((await v1Send('GET', `/api/v1/orders/${owned.orderId}`, removed.key)).statusCode).toBe(200);
    const removal = await kit.customer.request({
      method: 'DELETE',
      url: `/api/me/workspaces/${owned.workspaceId}/members/${removed.id}`,
    });
    expect(removal.statusCode, removal.body).toBe(204);
    // Back in their personal workspace, which they own: every role check passes, so what is
    // refused is the shared workspace's objects, with 404.
    await sweepAsOutsider(removed.client, 'owner', removed.personalId);
    expect(await activeWorkspace(removed.client)).toMatchObject({ id: removed.personalId, role: 'owner' });
    for (const route of routes.filter((r) => KEY_ACCESS.has(MATRIX[key(r)]))) {
      const res = await send(new TestClient(kit.t.app), route, fill(route.path, owned), bearer(removed.key));
      expect(res.statusCode, `removed member's key: ${key(route)} -> ${res.statusCode}`).toBe(401);
    }
  });

  it("reads another customer's checkout session as having no payment", async () => {
    const url = `/api/payments/by-session/${owned.sessionId}`;
    expect((await kit.customer.get(url)).json()).toEqual({ paymentStatus: 'completed' });
    expect((await otherCustomer.get(url)).json()).toEqual({ paymentStatus: null });
  });

  it('lets an admin through every admin route', async () => {
    for (const route of routes.filter((r) => MATRIX[key(r)] === 'admin')) {
      const res = await send(kit.admin, route, fill(route.path, owned));
      expect([401, 403], `${key(route)} -> ${res.statusCode}`).not.toContain(res.statusCode);
    }
  });

  it("lets a key through /api/v1 and nowhere else, an admin's key included", async () => {
    const anonymous = new TestClient(kit.t.app);
    for (const route of routes) {
      const access = MATRIX[key(route)];
      if (access === 'public' || access === 'provider') continue;
      const path = fill(route.path, owned);
      for (const [holder, apiKey] of [
        ['customer', keys.customer],
        ['admin', keys.admin],
      ] as const) {
        const res = await send(anonymous, route, path, bearer(apiKey));
        const who = `${holder}'s key: ${key(route)} -> ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (!KEY_ACCESS.has(access)) expect(res.statusCode, who).toBe(401);
        else if (holder === 'customer') expect(REFUSALS, who).not.toContain(res.statusCode);
      }
    }
  });

  it('refuses a read key every read_write endpoint with 403, and lets it read', async () => {
    const anonymous = new TestClient(kit.t.app);
    const v1 = routes.filter((r) => KEY_ACCESS.has(MATRIX[key(r)]));
    expect(v1.filter((r) => SCOPES[key(r)] === 'read_write').length).toBeGreaterThan(0);
    for (const route of v1) {
      const res = await send(anonymous, route, fill(route.path, owned), bearer(keys.customerRead));
      const who = `${key(route)} -> ${res.statusCode} ${res.body.slice(0, 120)}`;
      if (SCOPES[key(route)] === 'read') expect(REFUSALS, who).not.toContain(res.statusCode);
      else expect(res.statusCode, who).toBe(403);
    }
  });

  it("lets a key do what both its role and its creator's role now allow, and refuses the rest with 403", async () => {
    const anonymous = new TestClient(kit.t.app);
    const v1 = routes.filter((r) => KEY_ACCESS.has(MATRIX[key(r)]));
    for (const { role, creatorRole, key: apiKey } of teamKeys) {
      for (const route of v1) {
        const res = await send(anonymous, route, fill(route.path, owned), bearer(apiKey));
        const who = `${role} key by ${creatorRole}: ${key(route)} -> ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (keyAllows(role, creatorRole, PERMISSIONS[key(route)]!))
          expect(REFUSALS, who).not.toContain(res.statusCode);
        else expect(res.statusCode, who).toBe(403);
      }
    }
  });

  it("answers another workspace's key with 404 for this one's objects, or 403 where its role could not", async () => {
    const anonymous = new TestClient(kit.t.app);
    const v1 = routes.filter((r) => KEY_ACCESS.has(MATRIX[key(r)]));
    for (const { role, key: apiKey } of outsiderKeys) {
      for (const route of v1) {
        const path = fill(route.path, owned);
        const res = await send(anonymous, route, path, bearer(apiKey));
        const who = `another workspace's ${role} key: ${key(route)} -> ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (!roleAllows(role, PERMISSIONS[key(route)]!)) expect(res.statusCode, who).toBe(403);
        else if (MATRIX[key(route)] === 'key-owner') expect(res.statusCode, who).toBe(404);
        else expect(REFUSALS, who).not.toContain(res.statusCode);
        for (const marker of markers.filter((m) => !path.includes(m)))
          expect(res.body, who).not.toContain(marker);
      }
    }
  });
});

const v1Send = (method: 'GET' | 'POST', url: string, apiKey: string) =>
  kit.t.app.inject({ method, url, headers: bearer(apiKey) });
