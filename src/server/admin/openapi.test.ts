import { beforeAll, describe, expect, it } from 'vitest';
import { TestClient, testAppForSuite } from '../testing/test-app';

const t = testAppForSuite();
beforeAll(async () => {
  await t.app.ready();
});

type Operation = {
  tags?: string[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: object };
};

describe('the admin API in the OpenAPI document (D14)', () => {
  it('describes every admin route under the admin tag, with its inputs', async () => {
    const res = await new TestClient(t.app).get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const paths: Record<string, Record<string, Operation>> = res.json().paths;
    const admin = Object.entries(paths).filter(([path]) => path.startsWith('/api/admin'));
    expect(admin.length).toBeGreaterThanOrEqual(14);
    for (const [path, operations] of admin) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.tags, `${method} ${path}`).toEqual(['admin']);
      }
    }
    const panels = paths['/api/admin/panels']?.get;
    expect(panels?.parameters?.map((p) => p.name).sort()).toEqual(['page', 'search', 'sort', 'status']);
    expect(Object.keys(paths['/api/admin/panels/import']?.post?.requestBody?.content ?? {})).toEqual([
      'text/csv',
    ]);
  });
});
