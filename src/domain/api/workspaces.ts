import { z } from 'zod';
import { emailSchema } from '../account-schemas';
import { rowIdParamSchema, safeText } from '../input-bounds';
import {
  ASSIGNABLE_ROLES,
  INVITATION_RESENDS_PER_DAY,
  INVITATION_VALID_HOURS,
  INVITATIONS_PER_DAY,
  MAX_WORKSPACES_PER_PERSON,
  WORKSPACE_NAME_MAX,
  WORKSPACE_ROLES,
} from '../workspaces/roles';
import { access, endpointsUnder } from './endpoint';
import { refusal, stateConflict } from './endpoint-errors';
import { apiErrorSchema } from './errors';

// Workspaces, their members and invitations (docs/decisions/0023-workspaces.md). The members and
// invitations of a workspace are managed from inside it: the path names the session's active
// workspace, and any other answers 404, as another customer's object does.

// Ids and tokens are text: free of control characters, so none reaches the database (a NUL
// cannot be stored, and would be a 500 rather than the 4xx it is).
const workspaceIdSchema = safeText(100, { min: 1 });
const userIdSchema = safeText(100, { min: 1 });

export const workspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(WORKSPACE_ROLES).describe("the caller's role in it"),
  personal: z.boolean().describe('the workspace the account came with: it cannot be deleted or left'),
  members: z.number().int(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspaceListSchema = z.object({
  workspaces: z.array(workspaceSchema),
  activeId: z.string().nullable().describe("the session's workspace"),
});

export const workspaceNameSchema = safeText(WORKSPACE_NAME_MAX, {
  trim: true,
  min: 1,
  messages: {
    tooShort: 'Give the workspace a name.',
    tooLong: `A workspace name is at most ${WORKSPACE_NAME_MAX} characters.`,
  },
});
export const createWorkspaceBodySchema = z.strictObject({ name: workspaceNameSchema });

export const workspaceParamsSchema = z.strictObject({ workspaceId: workspaceIdSchema });
export const memberParamsSchema = z.strictObject({
  workspaceId: workspaceIdSchema,
  userId: userIdSchema,
});
export const invitationParamsSchema = z.strictObject({
  workspaceId: workspaceIdSchema,
  invitationId: rowIdParamSchema,
});
export const invitationTokenParamsSchema = z.strictObject({ token: safeText(100, { min: 1 }) });

export const memberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  joinedAt: z.string(),
  lastActiveAt: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;
export const memberListSchema = z.object({ members: z.array(memberSchema) });

export const changeRoleBodySchema = z.strictObject({ role: z.enum(ASSIGNABLE_ROLES) });
export const transferOwnershipBodySchema = z.strictObject({ userId: userIdSchema });

export const INVITATION_STATES = ['pending', 'accepted', 'revoked', 'expired'] as const;

export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  state: z.enum(INVITATION_STATES),
  invitedBy: z.string().nullable().describe("the inviter's e-mail"),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastSentAt: z.string(),
  resendsLeftToday: z.number().int(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.object({ invitations: z.array(invitationSchema) });

export const inviteBodySchema = z.strictObject({ email: emailSchema, role: z.enum(ASSIGNABLE_ROLES) });

/** What the invitation page shows to whoever holds the link. */
export const invitationViewSchema = z.object({
  workspaceName: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  email: z.string().describe('the invited address: only a person who proved it may accept'),
  invitedBy: z.string().nullable().describe("the inviter's name"),
  expiresAt: z.string(),
  state: z.enum(INVITATION_STATES),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;

export const acceptedInvitationSchema = z.object({ workspace: workspaceSchema });

const workspacesEndpoint = endpointsUnder('workspaces');
const notHere = refusal(404, 'not_found', 'no such workspace, or it is not the active one');
const notMember = refusal(404, 'not_found', 'the caller is not a member of it');
const unproven = refusal(403, 'email_not_verified', 'the caller has not proven their e-mail address yet');
const personal = stateConflict('personal_workspace', 'it is the caller’s personal workspace');
/** Anyone may try a token, so guessing them is limited by address. */
const TOKEN_ERRORS = [
  refusal(404, 'not_found', 'no invitation has this token'),
  refusal(429, 'rate_limited', 'too many tokens tried from this address'),
];
/** The workspace each one names in its path: the session's active one. */
const WORKSPACE_IN_PATH = { example: { params: { workspaceId: 'a1b2c3' } }, params: workspaceParamsSchema };
const INVITATION_IN_PATH = {
  example: { params: { workspaceId: 'a1b2c3', invitationId: '7' } },
  params: invitationParamsSchema,
};
/** The link's token, which stands for the invitation. */
const TOKEN_IN_PATH = { example: { params: { token: 'inv_a1b2c3' } }, params: invitationTokenParamsSchema };

export const workspacesApi = {
  list: workspacesEndpoint('GET /api/me/workspaces', {
    access: access.user,
    summary: 'The workspaces the caller belongs to, and which one the session works in',
    response: { 200: workspaceListSchema },
  }),

  create: workspacesEndpoint('POST /api/me/workspaces', {
    access: access.user,
    errors: [
      unproven,
      stateConflict('too_many_workspaces', `the caller made ${MAX_WORKSPACES_PER_PERSON} workspaces already`),
    ],
    example: { body: { name: 'Acme Ltd' } },
    summary: `Create a workspace, with the caller as its owner (at most ${MAX_WORKSPACES_PER_PERSON} each); the session moves into it`,
    body: createWorkspaceBodySchema,
    response: { 201: workspaceSchema },
  }),

  activate: workspacesEndpoint('POST /api/me/workspaces/:workspaceId/activate', {
    access: access.user,
    errors: [notMember],
    summary: 'Work in another of the caller’s workspaces: every page, export and answer is about it from now',
    ...WORKSPACE_IN_PATH,
    response: { 200: workspaceSchema },
  }),

  leave: workspacesEndpoint('POST /api/me/workspaces/:workspaceId/leave', {
    access: access.user,
    errors: [
      notMember,
      stateConflict('last_owner', 'the caller is its owner: hand ownership to another member first'),
      personal,
    ],
    summary: 'Leave a workspace (audit-logged)',
    ...WORKSPACE_IN_PATH,
    response: { 204: z.null() },
  }),

  remove: workspacesEndpoint('DELETE /api/me/workspaces/:workspaceId', {
    access: access.owner('workspace.own'),
    errors: [
      notHere,
      personal,
      stateConflict('workspace_in_use', 'it still has subscriptions running or orders to pay'),
    ],
    summary:
      'Delete the workspace: its members lose it, its keys and webhooks stop; its orders and invoices stay for the accounts (audit-logged)',
    ...WORKSPACE_IN_PATH,
    response: { 204: z.null() },
  }),

  transfer: workspacesEndpoint('POST /api/me/workspaces/:workspaceId/owner', {
    access: access.owner('workspace.own'),
    errors: [
      notHere,
      refusal(404, 'not_found', 'the person is not a member'),
      stateConflict('personal_workspace', 'a personal workspace stays with the account it came with'),
    ],
    example: { params: { workspaceId: 'a1b2c3' }, body: { userId: 'u1' } },
    summary:
      'Hand ownership to another member, who becomes the owner; the caller becomes an admin (audit-logged)',
    params: workspaceParamsSchema,
    body: transferOwnershipBodySchema,
    response: { 200: memberListSchema },
  }),

  members: workspacesEndpoint('GET /api/me/workspaces/:workspaceId/members', {
    access: access.owner('members.manage'),
    errors: [notHere],
    summary: 'The members, with their role and when each was last active',
    ...WORKSPACE_IN_PATH,
    response: { 200: memberListSchema },
  }),

  changeRole: workspacesEndpoint('PUT /api/me/workspaces/:workspaceId/members/:userId', {
    access: access.owner('members.manage'),
    errors: [notHere, stateConflict('owner_role', 'the owner’s role changes only by handing ownership over')],
    example: { params: { workspaceId: 'a1b2c3', userId: 'u1' }, body: { role: 'operator' } },
    summary: 'Change a member’s role; it applies at their next request (audit-logged)',
    params: memberParamsSchema,
    body: changeRoleBodySchema,
    response: { 200: memberSchema },
  }),

  removeMember: workspacesEndpoint('DELETE /api/me/workspaces/:workspaceId/members/:userId', {
    access: access.owner('members.manage'),
    errors: [notHere, stateConflict('last_owner', 'the owner cannot be removed: hand ownership over first')],
    example: { params: { workspaceId: 'a1b2c3', userId: 'u1' } },
    summary:
      'Remove a member; it applies at their next request, and the API keys they made are revoked (audit-logged)',
    params: memberParamsSchema,
    response: { 204: z.null() },
  }),

  invitations: workspacesEndpoint('GET /api/me/workspaces/:workspaceId/invitations', {
    access: access.owner('members.manage'),
    errors: [notHere],
    summary: 'Invitations, newest first',
    ...WORKSPACE_IN_PATH,
    response: { 200: invitationListSchema },
  }),

  invite: workspacesEndpoint('POST /api/me/workspaces/:workspaceId/invitations', {
    access: access.owner('members.manage'),
    errors: [
      notHere,
      unproven,
      stateConflict('already_member', 'the address belongs to a member already'),
      stateConflict('too_many_invitations', `the workspace sent ${INVITATIONS_PER_DAY} in the last 24 hours`),
    ],
    example: { params: { workspaceId: 'a1b2c3' }, body: { email: 'ops@example.com', role: 'operator' } },
    summary: `E-mail an invitation with a role; its link works for ${INVITATION_VALID_HOURS} hours, once, for the invited address only (audit-logged)`,
    params: workspaceParamsSchema,
    body: inviteBodySchema,
    response: { 201: invitationSchema },
  }),

  resendInvitation: workspacesEndpoint(
    'POST /api/me/workspaces/:workspaceId/invitations/:invitationId/resend',
    {
      access: access.owner('members.manage'),
      errors: [
        notHere,
        stateConflict('invitation_closed', 'it was accepted or revoked'),
        refusal(
          429,
          'rate_limited',
          `it was resent ${INVITATION_RESENDS_PER_DAY} times in the last 24 hours`,
        ),
      ],
      summary: `Send the invitation again with a new link valid ${INVITATION_VALID_HOURS} hours (at most ${INVITATION_RESENDS_PER_DAY} times a day)`,
      ...INVITATION_IN_PATH,
      response: { 200: invitationSchema, 429: apiErrorSchema },
    },
  ),

  revokeInvitation: workspacesEndpoint('DELETE /api/me/workspaces/:workspaceId/invitations/:invitationId', {
    access: access.owner('members.manage'),
    errors: [notHere, stateConflict('invitation_closed', 'it was accepted or revoked already')],
    summary: 'Revoke an invitation: its link stops working (audit-logged)',
    ...INVITATION_IN_PATH,
    response: { 204: z.null() },
  }),

  viewInvitation: workspacesEndpoint('GET /api/invitations/:token', {
    access: access.public,
    errors: TOKEN_ERRORS,
    summary: 'What an invitation link offers: the workspace, the role and the invited address',
    ...TOKEN_IN_PATH,
    response: { 200: invitationViewSchema, 429: apiErrorSchema },
  }),

  acceptInvitation: workspacesEndpoint('POST /api/invitations/:token/accept', {
    access: access.user,
    errors: [
      ...TOKEN_ERRORS,
      refusal(403, 'invitation_wrong_address', 'the caller’s proven address is not the invited one'),
      stateConflict('invitation_closed', 'it was accepted, revoked or has expired'),
      stateConflict('already_member', 'the caller is a member of the workspace already'),
    ],
    summary: 'Join the workspace with the invited role; the session moves into it (audit-logged)',
    ...TOKEN_IN_PATH,
    response: { 200: acceptedInvitationSchema, 429: apiErrorSchema },
  }),
};
