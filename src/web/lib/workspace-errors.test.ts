import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api';
import { RESENDS_USED_UP, resendErrorText, workspaceErrorText } from './workspace-errors';

const refusal = (
  status: number,
  code: ConstructorParameters<typeof ApiRequestError>[1],
  message = 'server words',
) => new ApiRequestError(status, code, message);

describe('workspace refusals in words', () => {
  it('says what each conflict means and what to do', () => {
    expect(workspaceErrorText(refusal(409, 'last_owner'), 'x')).toMatch(
      /Make another member the owner first/,
    );
    expect(workspaceErrorText(refusal(409, 'workspace_in_use'), 'x')).toMatch(/subscriptions running/);
    expect(workspaceErrorText(refusal(409, 'personal_workspace'), 'x')).toMatch(/personal workspace/);
    expect(workspaceErrorText(refusal(409, 'already_member'), 'x')).toMatch(
      /member of the workspace already/,
    );
    expect(workspaceErrorText(refusal(409, 'too_many_workspaces'), 'x')).toMatch(/up to 100 workspaces/);
  });

  it("keeps the server's words for a 403, which name the role and the workspace", () => {
    const forbidden = refusal(403, 'forbidden', 'Your role in Acme is viewer, which does not allow this.');
    expect(workspaceErrorText(forbidden, 'x')).toBe(
      'Your role in Acme is viewer, which does not allow this.',
    );
  });

  it('says a resend used up for the day as such, and falls back to the given words', () => {
    expect(resendErrorText(refusal(429, 'rate_limited'))).toBe(RESENDS_USED_UP);
    expect(RESENDS_USED_UP).toMatch(/3 times in the last 24 hours/);
    expect(workspaceErrorText(new Error(''), 'Please try again.')).toBe('Please try again.');
  });
});
