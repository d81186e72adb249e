import { INVITATION_RESENDS_PER_DAY, MAX_WORKSPACES_PER_PERSON } from '../../domain/workspaces/roles';
import { type ApiErrorCode, ApiRequestError, errorMessage } from './api';

/**
 * What the workspace refusals mean for the person who met them, in the pages' words. A 403 keeps
 * the server's own words: they name the role and the workspace.
 */
const WORKSPACE_ERROR_TEXTS: Partial<Record<ApiErrorCode, string>> = {
  last_owner: 'You own this workspace. Make another member the owner first.',
  personal_workspace: 'This is your personal workspace: it cannot be left or deleted.',
  workspace_in_use:
    'This workspace still has subscriptions running or orders waiting for payment. Cancel them, or let them end, then delete it.',
  owner_role: 'The owner’s role changes only by making another member the owner.',
  already_member: 'This address belongs to a member of the workspace already.',
  invitation_closed: 'This invitation was accepted or revoked, or it has expired.',
  invitation_wrong_address:
    'This invitation is for another address. Sign in with the invited address to join.',
  too_many_workspaces: `You can create up to ${MAX_WORKSPACES_PER_PERSON} workspaces.`,
};

/** The words for a failed workspace request; `fallback` when the answer says nothing useful. */
export function workspaceErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) {
    const known = WORKSPACE_ERROR_TEXTS[error.code];
    if (known) return known;
    if (error.status === 404) return 'This is no longer there. Reload the page to see what changed.';
  }
  return errorMessage(error, fallback);
}

/** Rethrows a refusal in the page's words, for the dialogs that show a failure's message. */
export const rethrowInWords =
  (fallback: string) =>
  (error: unknown): never => {
    throw new Error(workspaceErrorText(error, fallback));
  };

/** A resend refused for its daily limit (429). */
export const RESENDS_USED_UP = `This invitation was sent again ${INVITATION_RESENDS_PER_DAY} times in the last 24 hours, the most a day allows. Try again tomorrow.`;

/** The words for a failed resend: the daily limit has its own. */
export function resendErrorText(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 429) return RESENDS_USED_UP;
  return workspaceErrorText(error, 'We could not send the invitation again. Please try again.');
}
