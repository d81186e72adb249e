import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createUserWithPassword } from '../auth/users';
import type { DatabaseHandle } from '../db/client';
import { testPasswordHasher } from '../testing/password-hasher';
import { createRecordingMailer, TestClient } from '../testing/test-app';
import { TEST_DATABASE_NAME, testConfig, testSecrets } from '../testing/test-config';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import {
  activeWorkspace,
  insertWorkspaceKey,
  invitationTokenIn,
  newWorkspace,
  person,
  v1Get,
} from '../testing/workspaces';

/*
 * Two app instances on one database, as production scales out: a member works on one while
 * the owner changes their role, removes them or they switch workspace on the other, and each
 * change applies at the member's next request there. On PGlite both share the embedded
 * database and each remembers the session row until a write (docs/decisions/0010): an answer
 * remembered past the change would fail these.
 */
let database: TestDatabase;
let second: DatabaseHandle;
let a: FastifyInstance;
let b: FastifyInstance;
const mailA = createRecordingMailer();

beforeAll(async () => {
  database = await createTestDatabase();
  second = await database.openAnother();
  const secrets = testSecrets();
  const config = testConfig({ RATE_LIMIT_MULTIPLIER: '10' });
  const passwordHasher = testPasswordHasher;
  a = await buildApp({ config, database, secrets, mailer: mailA, passwordHasher });
  b = await buildApp({ config, database: second, secrets, mailer: createRecordingMailer(), passwordHasher });
  await Promise.all([a.ready(), b.ready()]);
});

afterAll(async () => {
  await a.close();
  await b.close();
  await second.close();
  await database.destroy();
});

/** One browser (one cookie jar, one session) whose requests go to the instance named in `on`. */
class Browser extends TestClient {
  on: FastifyInstance;
  constructor(app: FastifyInstance) {
    super(app);
    this.on = app;
  }
  protected override target(): FastifyInstance {
    return this.on;
  }
  /** Sends one request to the other instance. */
  async via<T>(app: FastifyInstance, act: (client: this) => Promise<T>): Promise<T> {
    const was = this.on;
    this.on = app;
    try {
      return await act(this);
    } finally {
      this.on = was;
    }
  }
}

describe(`workspace changes across two instances on one ${TEST_DATABASE_NAME}`, () => {
  it('applies a role change, a switch and a removal at the next request on the other instance', async () => {
    const owner = await person(a, database.db, 'mi-owner@example.com', 'Owner');
    const team = await newWorkspace(owner.client, 'Shared');

    // The member joins through the real invitation, on instance A, and then works on B.
    const memberId = await createUserWithPassword(
      database.db,
      {
        email: 'mi-member@example.com',
        name: 'Member',
        password: 'password-1',
        role: 'user',
        emailVerified: true,
      },
      testPasswordHasher,
    );
    const onA = new Browser(a);
    expect((await onA.signIn('mi-member@example.com', 'password-1')).statusCode).toBe(200);
    const member = {
      id: memberId,
      email: 'mi-member@example.com',
      personalId: (await activeWorkspace(onA))!.id,
    };
    // From here on the member works on B, and switches on A.
    const onB = onA;
    onB.on = b;
    const before = mailA.sent.length;
    const invited = await owner.client.post(`/api/me/workspaces/${team}/invitations`, {
      email: member.email,
      role: 'viewer',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    await a.outbox.run();
    const token = invitationTokenIn(mailA.sent.slice(before).find((m) => m.to === member.email)?.text);
    expect(token).toBeDefined();
    expect((await onB.get(`/api/invitations/${token}`)).json().state).toBe('pending');
    expect((await onB.post(`/api/invitations/${token}/accept`)).statusCode).toBe(200);
    expect(await onB.via(a, activeWorkspace)).toMatchObject({ id: team, role: 'viewer' });
    expect(await activeWorkspace(onB)).toMatchObject({ id: team, role: 'viewer' });
    expect((await onB.get(`/api/me/workspaces/${team}/members`)).statusCode).toBe(403);

    // A role change on A: B's next request has it.
    const promoted = await owner.client.put(`/api/me/workspaces/${team}/members/${member.id}`, {
      role: 'admin',
    });
    expect(promoted.statusCode).toBe(200);
    expect(await activeWorkspace(onB)).toMatchObject({ id: team, role: 'admin' });
    expect((await onB.get(`/api/me/workspaces/${team}/members`)).statusCode).toBe(200);

    // A switch on A: B's next request works in the personal workspace, and back.
    const switched = await onB.via(a, (c) => c.post(`/api/me/workspaces/${member.personalId}/activate`));
    expect(switched.statusCode).toBe(200);
    expect((await activeWorkspace(onB))?.id).toBe(member.personalId);
    expect((await onB.post(`/api/me/workspaces/${team}/activate`)).statusCode).toBe(200);
    expect((await onB.via(a, activeWorkspace))?.id).toBe(team);

    // A removal on A: B's next request is out of the workspace, and the member's key with it.
    const key = await insertWorkspaceKey(database.db, {
      userId: member.id,
      workspaceId: team,
      role: 'viewer',
    });
    expect((await v1Get(b, key)).statusCode).toBe(200);
    const removed = await owner.client.request({
      method: 'DELETE',
      url: `/api/me/workspaces/${team}/members/${member.id}`,
    });
    expect(removed.statusCode).toBe(204);
    expect(await activeWorkspace(onB)).toMatchObject({ id: member.personalId, role: 'owner' });
    expect((await onB.get(`/api/me/workspaces/${team}/members`)).statusCode).toBe(404);
    expect((await v1Get(b, key)).statusCode).toBe(401);
    expect((await v1Get(a, key)).statusCode).toBe(401);
  });
});
