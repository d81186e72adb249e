import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { verifiedAccount } from '../testing/accounts';
import { TestClient } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';
import { twoInstancesForSuite } from '../testing/two-instances';
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
const two = twoInstancesForSuite();

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
    const owner = await person(two.a, two.database.db, 'mi-owner@example.com', 'Owner');
    const team = await newWorkspace(owner.client, 'Shared');

    // The member joins through the real invitation, on instance A, and then works on B.
    const memberId = await verifiedAccount(two.database.db, {
      email: 'mi-member@example.com',
      name: 'Member',
      role: 'user',
    });
    const onA = new Browser(two.a);
    expect((await onA.signIn('mi-member@example.com', 'password-1')).statusCode).toBe(200);
    const member = {
      id: memberId,
      email: 'mi-member@example.com',
      personalId: (await activeWorkspace(onA))!.id,
    };
    // From here on the member works on B, and switches on A.
    const onB = onA;
    onB.on = two.b;
    const before = two.mailA.sent.length;
    const invited = await owner.client.post(`/api/me/workspaces/${team}/invitations`, {
      email: member.email,
      role: 'viewer',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    await two.a.outbox.run();
    const token = invitationTokenIn(two.mailA.sent.slice(before).find((m) => m.to === member.email)?.text);
    expect(token).toBeDefined();
    expect((await onB.get(`/api/invitations/${token}`)).json().state).toBe('pending');
    expect((await onB.post(`/api/invitations/${token}/accept`)).statusCode).toBe(200);
    expect(await onB.via(two.a, activeWorkspace)).toMatchObject({ id: team, role: 'viewer' });
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
    const switched = await onB.via(two.a, (c) => c.post(`/api/me/workspaces/${member.personalId}/activate`));
    expect(switched.statusCode).toBe(200);
    expect((await activeWorkspace(onB))?.id).toBe(member.personalId);
    expect((await onB.post(`/api/me/workspaces/${team}/activate`)).statusCode).toBe(200);
    expect((await onB.via(two.a, activeWorkspace))?.id).toBe(team);

    // A removal on A: B's next request is out of the workspace, and the member's key with it.
    const key = await insertWorkspaceKey(two.database.db, {
      userId: member.id,
      workspaceId: team,
      role: 'viewer',
    });
    expect((await v1Get(two.b, key)).statusCode).toBe(200);
    const removed = await owner.client.request({
      method: 'DELETE',
      url: `/api/me/workspaces/${team}/members/${member.id}`,
    });
    expect(removed.statusCode).toBe(204);
    expect(await activeWorkspace(onB)).toMatchObject({ id: member.personalId, role: 'owner' });
    expect((await onB.get(`/api/me/workspaces/${team}/members`)).statusCode).toBe(404);
    expect((await v1Get(two.b, key)).statusCode).toBe(401);
    expect((await v1Get(two.a, key)).statusCode).toBe(401);
  });
});
