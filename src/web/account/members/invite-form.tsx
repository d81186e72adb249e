import { useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { toast } from 'sonner';
import type { ActiveWorkspaceInfo } from '../../../domain/api/account';
import { inviteBodySchema } from '../../../domain/api/workspaces';
import { type AssignableRole, INVITATION_VALID_HOURS, ROLE_TEXTS } from '../../../domain/workspaces/roles';
import { useZodForm } from '../../lib/use-zod-form';
import { workspaceErrorText } from '../../lib/workspace-errors';
import { Alert } from '../../ui/alert';
import { FormField } from '../../ui/form-field';
import { fieldControlClasses } from '../../ui/input';
import { SelectOptions } from '../../ui/select-options';
import { SubmitButton } from '../../ui/submit-button';
import { invitationsQueryKey, inviteMember } from '../api/members-api';
import { EmailField } from '../components/email-field';
import { ROLE_OPTIONS } from './members-texts';

/**
 * 'Invite someone': an address and a role; the server e-mails a link that works for 48 hours,
 * once, for that address only. The chosen role's summary says what it gives.
 */
export function InviteForm({ workspace }: { workspace: ActiveWorkspaceInfo }) {
  const queryClient = useQueryClient();
  const form = useZodForm<{ email: string; role: AssignableRole }, { email: string; role: AssignableRole }>({
    schema: inviteBodySchema,
    initialValues: { email: '', role: 'viewer' },
    onSubmit: async ({ email, role }) => {
      const invitation = await inviteMember(workspace.id, email, role);
      await queryClient.invalidateQueries({ queryKey: invitationsQueryKey(workspace.id) });
      form.reset();
      toast.success('Invitation sent', {
        description: `${invitation.email} can join ${workspace.name} as ${ROLE_TEXTS[invitation.role].label.toLowerCase()} within ${INVITATION_VALID_HOURS} hours.`,
      });
    },
    onError: (error) => workspaceErrorText(error, 'We could not send the invitation. Please try again.'),
  });
  const { values, setValues, bind, busy, formRef, submit, formError } = form;

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="invite-title" className="space-y-4">
      <h3 id="invite-title" className="text-sm font-semibold text-slate-900 dark:text-white">
        Invite someone
      </h3>
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <EmailField id="invite-email" autoComplete="off" placeholder="name@company.com" {...bind('email')} />
        <FormField id="invite-role" label="Role">
          {() => (
            <select
              id="invite-role"
              value={values.role}
              disabled={busy}
              // The select offers only the assignable roles.
              onChange={(event) => setValues((v) => ({ ...v, role: event.target.value as AssignableRole }))}
              aria-describedby="invite-role-summary"
              className={fieldControlClasses}
            >
              <SelectOptions options={ROLE_OPTIONS} />
            </select>
          )}
        </FormField>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <p id="invite-role-summary" className="text-sm text-slate-600 dark:text-slate-400">
          <span className="font-medium text-slate-800 dark:text-slate-200">
            {ROLE_TEXTS[values.role].label}:
          </span>{' '}
          {ROLE_TEXTS[values.role].summary}
        </p>
        <SubmitButton busy={busy} busyLabel="Sending..." className="shrink-0">
          <Send className="h-4 w-4" aria-hidden="true" />
          Send invitation
        </SubmitButton>
      </div>
    </form>
  );
}
