import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  INVITATION_RESENDS_PER_DAY,
  INVITATION_VALID_HOURS,
  INVITATIONS_PER_DAY,
  ROLE_TEXTS,
} from '../../domain/workspaces/roles';
import { outboxMessages, workspaceInvitations, workspaceMembers } from '../db/schema';
import { auditEntries } from '../testing/audit';
import { TestClient, testAppForSuite } from '../testing/test-app';
import { TEST_DATABASE_NAME, testConfig } from '../testing/test-config';
import {
  activate,
  activeWorkspace,
  addMember,
  invitationTokenIn,
  newWorkspace,
  type Person,
  peopleSeries,
  person,
} from '../testing/workspaces';
import { hashInvitationToken } from './invitations';
import { TOKEN_MISSES } from './token-guesses';

/*
 * Invitations (docs/decisions/0023-workspaces.md): made, listed, resent and revoked from inside
 * the workspace; the link viewed by anyone who holds it and accepted only by the person who
 * proved the invited address, once, within its time; guessing links is bounded per address.
 */
const MULTIPLIER = 10;
const HOUR = 3_600_000;
let clock = new Date();
const t = testAppForSuite({ RATE_LIMIT_MULTIPLIER: String(MULTIPLIER) }, { clock: () => clock });
const db = () => t.database.db;
const config = testConfig();
const someone = peopleSeries(() => t.app, db);

let owner: Person;
let team: string;

beforeAll(async () => {
  await t.app.ready();
  owner = await someone('ann');
  team = await newWorkspace(owner.client, 'Acme Ltd');
});

interface Sent {
  id: number;
  token: string;
  body: Record<string, unknown>;
}

/** Invites through the API and reads the token from the e-mail that went out. */
async function invite(email: string, role = 'operator'): Promise<Sent> {
  const { result, mail } = await t.mailSentBy(() =>
    owner.client.post(`/api/me/workspaces/${team}/invitations`, { email, role }),
  );
  expect(result.statusCode, result.body).toBe(201);
  const token = invitationTokenIn(mail.at(-1)?.text);
  expect(token).toBeDefined();
  return { id: result.json().id, token: token!, body: result.json() };
}

const view = (token: string, client = new TestClient(t.app)) => client.get(`/api/invitations/${token}`);
const accept = (client: TestClient, token: string) => client.post(`/api/invitations/${token}/accept`);
const invitationRow = async (id: number) =>
  (await db().select().from(workspaceInvitations).where(eq(workspaceInvitations.id, id)))[0]!;

describe(`inviting on ${TEST_DATABASE_NAME}`, () => {
  it('stores only the hash of a fresh token, e-mails the link, and audit-logs it', async () => {
    const outboxBefore = (await db().select().from(outboxMessages)).length;
    const { result, mail } = await t.mailSentBy(() =>
      owner.client.post(`/api/me/workspaces/${team}/invitations`, {
        email: ' Ops@Example.com ',
        role: 'operator',
      }),
    );
    expect(result.statusCode, result.body).toBe(201);
    const body = result.json();
    expect(body).toMatchObject({
      email: 'ops@example.com',
      role: 'operator',
      state: 'pending',
      invitedBy: owner.email,
      resendsLeftToday: INVITATION_RESENDS_PER_DAY,
      expiresAt: new Date(clock.getTime() + INVITATION_VALID_HOURS * HOUR).toISOString(),
      lastSentAt: clock.toISOString(),
    });
    expect((await db().select().from(outboxMessages)).length).toBe(outboxBefore + 1);

    expect(mail).toHaveLength(1);
    const message = mail[0]!;
    expect(message.to).toBe('ops@example.com');
    expect(message.subject).toBe(`Ann 1 invited you to Acme Ltd on ${config.brand.name}`);
    const token = invitationTokenIn(message.text)!;
    expect(token).toMatch(/^inv_[A-Za-z0-9_-]{43}$/);
    expect(message.text).toContain(`${config.publicUrl}/invitations/${token}`);
    expect(message.text).toContain(ROLE_TEXTS.operator.summary);
    expect(message.text).toContain('as operator');
    expect(message.text).toContain(`${INVITATION_VALID_HOURS} hours`);
    expect(message.text).toContain('only for ops@example.com');
    expect(message.html).toContain(`/invitations/${token}`);

    const row = await invitationRow(body.id);
    expect(row.tokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(row)).not.toContain(token.slice(4));
    expect(row.sentAt.map((d) => d.toISOString())).toEqual([clock.toISOString()]);
    const [audit] = await auditEntries(db(), 'invitation.created', body.id);
    expect(audit).toMatchObject({ actorId: owner.id, actorEmail: owner.email });
    expect(audit?.details).toEqual({
      workspaceId: team,
      email: 'ops@example.com',
      role: 'operator',
      replaced: [],
    });
  });

  it('refuses a member’s address, the owner role, bad input and outsiders, queueing nothing', async () => {
    const member = await someone('member');
    await addMember(db(), team, member.id, 'viewer');
    const outboxBefore = (await db().select().from(outboxMessages)).length;
    const post = (body: unknown, client = owner.client) =>
      client.post(`/api/me/workspaces/${team}/invitations`, body);
    const already = await post({ email: member.email.toUpperCase(), role: 'admin' });
    expect([already.statusCode, already.json().error.code]).toEqual([409, 'already_member']);
    for (const body of [
      { email: 'x@example.com', role: 'owner' },
      { email: 'not an address', role: 'viewer' },
      { email: 'x@example.com' },
      { email: 'x@example.com', role: 'viewer', token: 'inv_mine' },
    ]) {
      expect((await post(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    await activate(member.client, team);
    expect((await post({ email: 'x@example.com', role: 'viewer' }, member.client)).statusCode).toBe(403);
    const outsider = await someone('outsider');
    const elsewhere = await outsider.client.post(`/api/me/workspaces/${team}/invitations`, {
      email: 'x@example.com',
      role: 'viewer',
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await db().select().from(outboxMessages)).length).toBe(outboxBefore);
  });

  it('replaces an open invitation to the same address: the older link stops working', async () => {
    const first = await invite('twice@example.com', 'viewer');
    const second = await invite('twice@example.com', 'billing');
    expect((await view(first.token)).json().state).toBe('revoked');
    expect((await view(second.token)).json()).toMatchObject({ state: 'pending', role: 'billing' });
    const [audit] = await auditEntries(db(), 'invitation.created', second.id);
    expect(audit?.details).toMatchObject({ replaced: [first.id] });
  });

  it('lists the invitations newest first, with their state', async () => {
    const listed = await owner.client.get(`/api/me/workspaces/${team}/invitations`);
    expect(listed.statusCode).toBe(200);
    const rows = listed.json().invitations as { id: number; email: string; state: string }[];
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a));
    expect(rows.slice(0, 2).map((r) => [r.email, r.state])).toEqual([
      ['twice@example.com', 'pending'],
      ['twice@example.com', 'revoked'],
    ]);
  });
});

describe(`the daily number of invitations on ${TEST_DATABASE_NAME}`, () => {
  it(`sends at most ${INVITATIONS_PER_DAY} new invitations a workspace in any 24 hours`, async () => {
    const boss = await someone('boss');
    const busy = await newWorkspace(boss.client, 'Busy Ltd');
    const earlier = new Date(clock.getTime() - HOUR);
    await db()
      .insert(workspaceInvitations)
      .values(
        Array.from({ length: INVITATIONS_PER_DAY - 1 }, (_, i) => ({
          workspaceId: busy,
          email: `earlier${i}@example.com`,
          role: 'viewer' as const,
          tokenHash: hashInvitationToken(`inv_earlier_${busy}_${i}`),
          invitedBy: boss.id,
          sentAt: [earlier],
          expiresAt: new Date(earlier.getTime() + INVITATION_VALID_HOURS * HOUR),
          createdAt: earlier,
        })),
      );
    const send = (email: string) =>
      t.mailSentBy(() =>
        boss.client.post(`/api/me/workspaces/${busy}/invitations`, { email, role: 'viewer' }),
      );
    expect((await send('last-one@example.com')).result.statusCode).toBe(201);
    const { result: refused, mail } = await send('one-too-many@example.com');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'too_many_invitations',
      message: `Busy Ltd sent ${INVITATIONS_PER_DAY} invitations in the last 24 hours, as many as a day allows. Try again tomorrow.`,
    });
    expect(mail).toEqual([]);
    // The other workspaces of the same person are not held up.
    expect((await invite('elsewhere@example.com')).body).toMatchObject({ state: 'pending' });
    const saved = clock;
    clock = new Date(earlier.getTime() + 24 * HOUR + 1_000);
    try {
      expect((await send('one-too-many@example.com')).result.statusCode).toBe(201);
    } finally {
      clock = saved;
    }
  });
});

describe(`revoking and resending on ${TEST_DATABASE_NAME}`, () => {
  it('revokes an open invitation: the link shows it and accepts nothing; only once', async () => {
    const invitee = await person(t.app, db(), 'revoked@example.com');
    const sent = await invite(invitee.email);
    const url = `/api/me/workspaces/${team}/invitations/${sent.id}`;
    expect((await owner.client.request({ method: 'DELETE', url })).statusCode).toBe(204);
    expect((await view(sent.token)).json().state).toBe('revoked');
    const refused = await accept(invitee.client, sent.token);
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'invitation_closed']);
    const again = await owner.client.request({ method: 'DELETE', url });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'invitation_closed']);
    const [audit] = await auditEntries(db(), 'invitation.revoked', sent.id);
    expect(audit?.details).toEqual({ workspaceId: team, email: 'revoked@example.com' });
    // Another workspace's invitation is not found from here.
    const other = await someone('other');
    const theirs = await newWorkspace(other.client, 'Theirs');
    const res = await other.client.request({
      method: 'DELETE',
      url: `/api/me/workspaces/${theirs}/invitations/${sent.id}`,
    });
    expect(res.statusCode).toBe(404);
  });

  it(`resends with a new link and expiry, at most ${INVITATION_RESENDS_PER_DAY} times in any 24 hours`, async () => {
    const sent = await invite('resend@example.com');
    const resend = () =>
      t.mailSentBy(() => owner.client.post(`/api/me/workspaces/${team}/invitations/${sent.id}/resend`));
    const tokens = [sent.token];
    for (let i = 1; i <= INVITATION_RESENDS_PER_DAY; i++) {
      clock = new Date(clock.getTime() + HOUR);
      const { result, mail } = await resend();
      expect(result.statusCode, result.body).toBe(200);
      expect(result.json()).toMatchObject({
        state: 'pending',
        resendsLeftToday: INVITATION_RESENDS_PER_DAY - i,
        lastSentAt: clock.toISOString(),
        expiresAt: new Date(clock.getTime() + INVITATION_VALID_HOURS * HOUR).toISOString(),
      });
      tokens.push(invitationTokenIn(mail[0]?.text)!);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
    // Only the newest link works.
    for (const old of tokens.slice(0, -1)) expect((await view(old)).statusCode).toBe(404);
    expect((await view(tokens.at(-1)!)).json().state).toBe('pending');

    const { result: limited, mail: none } = await resend();
    expect([limited.statusCode, limited.json().error.code]).toEqual([429, 'rate_limited']);
    expect(Number(limited.headers['retry-after'])).toBe(22 * 3600);
    expect(none).toEqual([]);
    const row = await invitationRow(sent.id);
    expect(row.sentAt).toHaveLength(1 + INVITATION_RESENDS_PER_DAY);
    // 24 hours after the first resend, one more is allowed.
    clock = new Date(clock.getTime() + 22 * HOUR);
    expect((await resend()).result.statusCode).toBe(200);
    expect(await auditEntries(db(), 'invitation.resent', sent.id)).toHaveLength(
      INVITATION_RESENDS_PER_DAY + 1,
    );
  });

  it('resends an expired invitation, but not an accepted or revoked one', async () => {
    const sent = await invite('late@example.com');
    clock = new Date(clock.getTime() + (INVITATION_VALID_HOURS + 1) * HOUR);
    expect((await view(sent.token)).json().state).toBe('expired');
    const res = await owner.client.post(`/api/me/workspaces/${team}/invitations/${sent.id}/resend`);
    expect(res.statusCode).toBe(200);
    expect(res.json().state).toBe('pending');
    await owner.client.request({
      method: 'DELETE',
      url: `/api/me/workspaces/${team}/invitations/${sent.id}`,
    });
    const closed = await owner.client.post(`/api/me/workspaces/${team}/invitations/${sent.id}/resend`);
    expect([closed.statusCode, closed.json().error.code]).toEqual([409, 'invitation_closed']);
  });
});

describe(`the invitation link on ${TEST_DATABASE_NAME}`, () => {
  it('shows what it offers to anyone who holds it, signed in or not', async () => {
    const sent = await invite('viewed@example.com', 'billing');
    const res = await view(sent.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      workspaceName: 'Acme Ltd',
      role: 'billing',
      email: 'viewed@example.com',
      invitedBy: 'Ann 1',
      expiresAt: sent.body.expiresAt,
      state: 'pending',
    });
    expect((await view('inv_short')).statusCode).toBe(404);
    expect((await view(`inv_${'A'.repeat(43)}`)).statusCode).toBe(404);
  });

  it('lets the invited person, with the address proven, join with the role, once', async () => {
    const joiner = await person(t.app, db(), 'joiner@example.com');
    const sent = await invite('JOINER@example.com', 'operator');
    const res = await accept(joiner.client, sent.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      workspace: {
        id: team,
        name: 'Acme Ltd',
        role: 'operator',
        personal: false,
        members: expect.any(Number),
      },
    });
    expect(await activeWorkspace(joiner.client)).toMatchObject({ id: team, role: 'operator' });
    expect((await view(sent.token)).json().state).toBe('accepted');
    const row = await invitationRow(sent.id);
    expect(row.acceptedBy).toBe(joiner.id);
    const [audit] = await auditEntries(db(), 'invitation.accepted', sent.id);
    expect(audit).toMatchObject({ actorId: joiner.id, actorEmail: joiner.email });
    expect(audit?.details).toEqual({ workspaceId: team, role: 'operator', invitedBy: owner.id });

    const twice = await accept(joiner.client, sent.token);
    expect([twice.statusCode, twice.json().error.code]).toEqual([409, 'invitation_closed']);
  });

  it('refuses another address, and the invited address until it is proven', async () => {
    const sent = await invite('proven@example.com', 'viewer');
    const other = await someone('other');
    const wrong = await accept(other.client, sent.token);
    expect([wrong.statusCode, wrong.json().error.code]).toEqual([403, 'invitation_wrong_address']);
    expect(wrong.json().error.message).toContain('Sign in with that address');
    expect(wrong.json().error.message).toContain('proven@example.com');

    const unproven = new TestClient(t.app);
    await unproven.signUp('Pro Ven', 'proven@example.com', 'password-1');
    await unproven.signIn('proven@example.com', 'password-1');
    const me = (await unproven.get('/api/me')).json();
    expect(me.user).toMatchObject({ email: 'proven@example.com', emailVerified: false });
    const notYet = await accept(unproven, sent.token);
    expect([notYet.statusCode, notYet.json().error.code]).toEqual([403, 'invitation_wrong_address']);
    expect(notYet.json().error.message).toContain('Confirm proven@example.com first');
    expect((await view(sent.token)).json().state).toBe('pending');
    const joined = await db().select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, team));
    expect(joined.map((m) => m.userId)).not.toContain(me.user.id);
    expect((await accept(new TestClient(t.app), sent.token)).statusCode).toBe(401);
  });

  it('refuses an expired link, and a member joining again', async () => {
    const late = await person(t.app, db(), 'late-joiner@example.com');
    const sent = await invite(late.email);
    clock = new Date(clock.getTime() + INVITATION_VALID_HOURS * HOUR + 1);
    const expired = await accept(late.client, sent.token);
    expect([expired.statusCode, expired.json().error.code]).toEqual([409, 'invitation_closed']);
    expect(expired.json().error.message).toContain('expired');

    const again = await invite(late.email, 'viewer');
    await addMember(db(), team, late.id, 'billing');
    // Invited before they joined: the invitation is still open, but they belong already.
    const member = await accept(late.client, again.token);
    expect([member.statusCode, member.json().error.code]).toEqual([409, 'already_member']);
  });
});

describe(`guessing invitation links on ${TEST_DATABASE_NAME}`, () => {
  // An app of its own at the deployment's default multiplier, so the limit is the real one.
  let guessClock = new Date();
  const g = testAppForSuite({}, { clock: () => guessClock });

  it('refuses an address past the misses it may make, even with a right link, until the window passes', async () => {
    await g.app.ready();
    const inviter = await person(g.app, g.database.db, 'guard-owner@example.com');
    const invitee = await person(g.app, g.database.db, 'guarded@example.com');
    const room = await newWorkspace(inviter.client, 'Guarded');
    const { result, mail } = await g.mailSentBy(() =>
      inviter.client.post(`/api/me/workspaces/${room}/invitations`, { email: invitee.email, role: 'viewer' }),
    );
    expect(result.statusCode).toBe(201);
    const token = invitationTokenIn(mail[0]?.text)!;
    const from = (remoteAddress: string, tried: string) =>
      g.app.inject({ method: 'GET', url: `/api/invitations/${tried}`, remoteAddress });
    const guess = (i: number) => `inv_${String(i).padStart(43, 'x')}`;
    // The right link does not count.
    for (let i = 0; i < 3; i++) expect((await from('203.0.113.7', token)).statusCode).toBe(200);
    for (let i = 0; i < TOKEN_MISSES.limit; i++) {
      expect((await from('203.0.113.7', guess(i))).statusCode, `guess ${i}`).toBe(404);
    }
    const refused = await from('203.0.113.7', guess(TOKEN_MISSES.limit));
    expect([refused.statusCode, refused.json().error.code]).toEqual([429, 'rate_limited']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('203.0.113.7', token)).statusCode).toBe(429);
    // Accepting is refused the same way, from the same address; elsewhere the link works.
    const accepting = await invitee.client.request({
      method: 'POST',
      url: `/api/invitations/${token}/accept`,
      remoteAddress: '203.0.113.7',
    });
    expect([accepting.statusCode, accepting.json().error.code]).toEqual([429, 'rate_limited']);
    expect((await from('198.51.100.4', token)).statusCode).toBe(200);
    guessClock = new Date(guessClock.getTime() + TOKEN_MISSES.windowMs + 1);
    expect((await from('203.0.113.7', token)).statusCode).toBe(200);
  });
});
