import { INVITATION_VALID_HOURS, ROLE_TEXTS, type WorkspaceRole } from '../../domain/workspaces/roles';
import type { Config } from '../config';
import { type EmailContent, renderEmail } from '../mail/templates';
import { enqueueEmail, type TxOrDb } from '../outbox/enqueue';

export interface InvitationMail {
  /** Lower case, as stored: the one address the link works for. */
  email: string;
  inviterName: string;
  workspaceName: string;
  role: WorkspaceRole;
  /** The token in clear: it exists only here and in the recipient's mailbox. */
  token: string;
}

/** Where the link leads: the invitation page, which shows the offer and accepts it. */
export const invitationUrl = (publicUrl: string, token: string) => `${publicUrl}/invitations/${token}`;

/**
 * The invitation to a workspace: who invites, to which workspace, the role and what it may do,
 * the link, how long it works and that it works for the invited address only. Account mail:
 * the person asked for nothing and may have no account yet, so no preference stops it.
 */
export function invitationMessage(
  config: Pick<Config, 'brand' | 'publicUrl'>,
  mail: InvitationMail,
): EmailContent {
  const brand = config.brand.name;
  const role = ROLE_TEXTS[mail.role];
  return renderEmail({
    emailClass: 'account',
    brandName: brand,
    subject: `${mail.inviterName} invited you to ${mail.workspaceName} on ${brand}`,
    heading: `Join ${mail.workspaceName} on ${brand}`,
    paragraphs: [
      `${mail.inviterName} invited you to work in ${mail.workspaceName} on ${brand} as ${role.label.toLowerCase()}.`,
      `What the ${role.label.toLowerCase()} role allows: ${role.summary}`,
      `The link works for ${INVITATION_VALID_HOURS} hours, once, and only for ${mail.email}: sign in with that address, or create an account with it and confirm it, to accept.`,
    ],
    action: { label: 'See the invitation', url: invitationUrl(config.publicUrl, mail.token) },
    footer:
      "If you didn't expect this invitation, you can ignore this email; nothing happens unless you accept it.",
  });
}

/** Queues the invitation in the transaction that stores it, so one goes out if and only if it exists. */
export async function enqueueInvitation(
  tx: TxOrDb,
  config: Pick<Config, 'brand' | 'publicUrl'>,
  mail: InvitationMail,
): Promise<void> {
  await enqueueEmail(tx, { to: mail.email, ...invitationMessage(config, mail) });
}
