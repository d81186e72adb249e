import { Eye, EyeOff, LoaderCircle } from 'lucide-react';
import type { PasswordReveal } from '../lib/use-password-reveal';

/** Shown in place of a password until the customer asks for it (docs/product.md §6). */
const MASKED_PASSWORD = '••••••••';

/** A panel's password, masked by default, with a button that shows or hides it. */
export function PanelPasswordCell({
  email,
  password,
  loading,
  onToggle,
}: {
  email: string;
  /** The clear password while shown, undefined while masked. */
  password: string | undefined;
  loading: boolean;
  /** Absent for someone who may not see it: the password stays masked. */
  onToggle: (() => void) | undefined;
}) {
  const visible = password !== undefined;
  const Icon = loading ? LoaderCircle : visible ? EyeOff : Eye;
  return (
    <div className="flex items-center gap-1.5">
      <code className="min-w-[8ch] font-mono text-sm break-all text-slate-800 dark:text-slate-200">
        {visible ? (
          password
        ) : (
          <>
            <span aria-hidden="true">{MASKED_PASSWORD}</span>
            <span className="sr-only">hidden</span>
          </>
        )}
      </code>
      {onToggle && (
        <button
          type="button"
          onClick={onToggle}
          disabled={loading}
          aria-pressed={visible}
          aria-label={`${visible ? 'Hide' : 'Show'} password for ${email}`}
          title={visible ? 'Hide password' : 'Show password'}
          className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
        >
          <Icon className={loading ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
        </button>
      )}
    </div>
  );
}

/** A list's panel password, shown and hidden through the list's reveals. */
export function RevealablePassword({
  panel,
  passwords,
}: {
  panel: { id: number; email: string };
  passwords: PasswordReveal;
}) {
  return (
    <PanelPasswordCell
      email={panel.email}
      password={passwords.passwordOf(panel.id)}
      loading={passwords.isLoading(panel.id)}
      onToggle={passwords.canReveal ? () => passwords.toggle(panel.id) : undefined}
    />
  );
}
