import type { ApiKeyScope } from '../api-keys';
import type { WorkspacePermission } from '../workspaces/roles';

/**
 * Who may call an endpoint (docs/security.md). The server turns each kind into its guard;
 * `owner` and a key's `owner` are checked by the services, which answer another customer's
 * object with 404 as if it did not exist.
 */
export type EndpointAccess =
  /** Anyone, signed in or not. */
  | { kind: 'public' }
  /**
   * Any signed-in person, customers and admins; with a permission, only a member of the
   * session's workspace whose role holds it (src/domain/workspaces/roles.ts).
   */
  | { kind: 'user'; permission?: WorkspacePermission }
  /** An object of the session's workspace, named in the path, for a role that holds the permission. */
  | { kind: 'owner'; permission: WorkspacePermission }
  | { kind: 'admin' }
  /**
   * /api/v1: an API key in `Authorization: Bearer` and nothing else, acting in its workspace
   * with its role (never more than its creator's role there now); `owner` when the path names
   * one of the workspace's objects.
   */
  | { kind: 'key'; scope: ApiKeyScope; owner: boolean; permission: WorkspacePermission }
  /** A payment provider's callback: its signature over the raw body is the authority. */
  | { kind: 'provider'; provider: 'stripe' | 'sandbox' };

export type AccessKind = EndpointAccess['kind'];

export const access = {
  public: { kind: 'public' },
  user: { kind: 'user' },
  member: (permission: WorkspacePermission): EndpointAccess => ({ kind: 'user', permission }),
  owner: (permission: WorkspacePermission): EndpointAccess => ({ kind: 'owner', permission }),
  admin: { kind: 'admin' },
  key: (scope: ApiKeyScope, permission: WorkspacePermission): EndpointAccess => ({
    kind: 'key',
    scope,
    owner: false,
    permission,
  }),
  keyOwner: (scope: ApiKeyScope, permission: WorkspacePermission): EndpointAccess => ({
    kind: 'key',
    scope,
    owner: true,
    permission,
  }),
  provider: (provider: 'stripe' | 'sandbox'): EndpointAccess => ({ kind: 'provider', provider }),
} as const satisfies Record<string, EndpointAccess | ((...args: never[]) => EndpointAccess)>;

const words = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * 'GET /api/me/webhooks/:endpointId/deliveries' -> 'getMeWebhooksByEndpointIdDeliveries':
 * unique because Fastify takes one route per method and path.
 */
export function operationIdOf(method: string, path: string): string {
  const segments = path
    .split('/')
    .filter((segment) => segment && segment !== 'api')
    .flatMap((segment) => (segment.startsWith(':') ? ['by', ...words(segment)] : words(segment)));
  return method.toLowerCase() + segments.map(capital).join('');
}
