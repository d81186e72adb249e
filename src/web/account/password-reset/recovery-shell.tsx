import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AuthShell } from '../components/auth-shell';
import { inlineLinkClasses } from '../components/link-styles';

/**
 * The frame of every password-reset screen: one label, and below the card the way back to
 * sign in, after `lead` where the screen has a word to put before it.
 */
export function RecoveryShell({
  title,
  subtitle,
  lead,
  children,
}: {
  title: string;
  subtitle?: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <AuthShell
      label="Account recovery"
      title={title}
      subtitle={subtitle}
      footer={
        <>
          {lead && `${lead} `}
          <Link to="/login" className={inlineLinkClasses}>
            Back to sign in
          </Link>
        </>
      }
    >
      {children}
    </AuthShell>
  );
}
