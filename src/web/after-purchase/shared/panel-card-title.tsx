import { EmailText } from '../../ui/email-text';

/** A phone card's title when the record is one of the customer's panels: its address. */
export function PanelCardTitle({ email }: { email: string }) {
  return (
    <div className="min-w-0 text-sm font-medium text-slate-900 dark:text-white">
      <EmailText email={email} />
    </div>
  );
}
