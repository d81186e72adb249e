import type { FastifyInstance } from 'fastify';
import type { TestClient } from './test-app';

/**
 * A read-write API key the signed-in client makes for itself, and a POST to the /api/v1 API
 * with it: what an integration of the customer's calls.
 */
export async function v1WithNewKey(app: FastifyInstance, c: TestClient) {
  const key = (await c.post('/api/me/api-keys', { name: 'Adds', scope: 'read_write' })).json() as {
    id: number;
    key: string;
  };
  return {
    keyId: key.id,
    post: (url: string, body: unknown) =>
      app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      }),
  };
}
