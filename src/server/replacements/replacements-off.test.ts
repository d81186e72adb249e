import { expect, it } from 'vitest';
import { REPLACEMENT_TEXTS } from '../../domain/replacements';
import { signedInAccount } from '../testing/accounts';
import { insertActiveOrder } from '../testing/active-order';
import { forSuite } from '../testing/for-suite';
import { createTestApp } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';

// REPLACEMENTS_PER_PERIOD=0: the warranty is off; every report is refused with its reason.
const t = forSuite(
  async () => {
    const app = await createTestApp({ REPLACEMENTS_PER_PERIOD: '0' });
    await app.app.ready();
    return app;
  },
  (app) => app.close(),
);

it(`refuses every report when REPLACEMENTS_PER_PERIOD is 0, on ${TEST_DATABASE_NAME}`, async () => {
  const { client, id } = await signedInAccount(t.app, t.database.db, {
    email: 'off@example.com',
    role: 'user',
  });
  const { panelIds } = await insertActiveOrder(t.database.db, id, { key: t.secrets.panelSecretKey });
  const res = await client.post(`/api/me/panels/${panelIds[0]}/replacement-request`, {
    reason: 'suspended',
    note: '',
  });
  expect(res.statusCode).toBe(409);
  expect(res.json().error.message).toBe(REPLACEMENT_TEXTS.limit(0));
  expect((await client.get('/api/site')).json().replacementsPerPeriod).toBe(0);
});
