import { toast } from 'sonner';
import { z } from 'zod';
import { reportProblemBodySchema } from '../../../domain/api/replacements';
import { replacementPolicyText } from '../../../domain/replacements';
import { errorMessage } from '../../lib/api';
import { useSite } from '../../lib/site';
import { REPLACEMENT_ANSWER } from '../../lib/terms';
import { useDialogForm } from '../../lib/use-dialog-form';
import { TextareaField } from '../../ui/text-field';
import { ZodFormDialog } from '../../ui/zod-form-dialog';
import type { ActivePanel } from '../api/dashboard-api';
import { useReportProblem } from '../api/replacements-api';
import { ReasonChoice } from './reason-choice';

/** The form's text values, checked with the server's own schema. */
const formSchema = z.object({ reason: z.string(), note: z.string() }).pipe(reportProblemBodySchema);

/**
 * 'Report a problem' on an active panel (docs/product.md §11): what is wrong and a note. The
 * server's refusals (reported less than 24 hours ago, the period's limit reached) show as
 * they are written.
 */
export function ReportProblemDialog({ panel, onClose }: { panel: ActivePanel; onClose: () => void }) {
  const site = useSite();
  const report = useReportProblem();
  const form = useDialogForm(onClose, {
    schema: formSchema,
    initialValues: { reason: '', note: '' },
    onSubmit: async (body, close) => {
      await report(panel.id, body);
      toast.success('Problem reported', {
        description: 'We are on it; you will get an e-mail when the panel is replaced.',
      });
      close();
    },
    onError: (caught) => errorMessage(caught, 'We could not send your report. Please try again.'),
  });
  return (
    <ZodFormDialog
      form={form}
      title="Report a problem"
      description={<span className="break-all">{panel.email}</span>}
      // Opened from inside a table cell that does not wrap: its text must.
      className="space-y-4 text-sm whitespace-normal text-slate-700 dark:text-slate-300"
      confirm={{ cancelLabel: 'Never mind', label: 'Report problem', busyLabel: 'Sending...' }}
    >
      <p>
        {replacementPolicyText(site.replacementsPerPeriod)} {REPLACEMENT_ANSWER} We e-mail you when the new
        panel is ready.
      </p>
      <ReasonChoice {...form.bind('reason')} />
      <TextareaField
        id={`report-note-${panel.id}`}
        label="Note (optional)"
        hint="What you see: an error message, when it started."
        maxLength={1000}
        rows={3}
        className="min-h-20"
        {...form.bind('note')}
      />
    </ZodFormDialog>
  );
}
