import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  ALERT_TEXTS,
  type AlertKind,
  type EmailPreference,
  INVALID_PREFERENCE_LINK,
  isEmailPreference,
  preferenceLabel,
} from '../../../domain/email-preferences';
import { ApiRequestError, errorMessage } from '../../lib/api';
import { usePageTitle } from '../../lib/use-page-title';
import { Alert } from '../../ui/alert';
import { Button, buttonClasses } from '../../ui/button';
import { turnOffEmailPreference } from '../api/email-preferences-api';
import { AuthShell } from '../components/auth-shell';
import { inlineLinkClasses } from '../components/link-styles';

/** What the link turns off, read from its token (the server checks the signature when it is used). */
function preferenceOf(token: string | null): EmailPreference | null {
  const body = token?.split('.')[0];
  if (!body) return null;
  try {
    const text = atob(body.replaceAll('-', '+').replaceAll('_', '/'));
    const preference = text.slice(0, text.indexOf('|'));
    return isEmailPreference(preference) ? preference : null;
  } catch {
    return null;
  }
}

function whatStops(preference: EmailPreference): { title: string; text: string } {
  if (preference === 'orderUpdates') {
    return {
      title: 'Turn off order updates?',
      text: 'You will no longer get emails about your orders and billing: payment instructions, confirmations, deliveries, renewals and refunds. You can still see all of it in your account.',
    };
  }
  if (preference === 'marketingEmails') {
    return {
      title: 'Unsubscribe from marketing emails?',
      text: 'You will no longer get product news and offers.',
    };
  }
  const kind = preference.slice('alert:'.length) as AlertKind;
  return {
    title: 'Turn off this operator alert?',
    text: `You will no longer be emailed when this happens: ${ALERT_TEXTS[kind].description} Other admins keep their own settings.`,
  };
}

/**
 * Where an e-mail's preference link lands (/email-preferences?token=...). Opening the link
 * changes nothing (mail scanners open links too); one click on the button turns the
 * preference off, without signing in. Account and security e-mails are always sent.
 */
export default function EmailPreferencesPage() {
  usePageTitle('Email preferences');
  const [params] = useSearchParams();
  const token = params.get('token');
  const preference = preferenceOf(token);
  const [state, setState] = useState<'ready' | 'busy' | 'done' | 'invalid'>(preference ? 'ready' : 'invalid');
  const [error, setError] = useState<string | null>(null);

  const footer = (
    <Link to="/settings" className={inlineLinkClasses}>
      All email preferences in Settings
    </Link>
  );

  if (state === 'invalid' || !preference || !token) {
    return (
      <AuthShell label="Email preferences" title="Link not valid" footer={footer}>
        <Alert tone="error">{INVALID_PREFERENCE_LINK}</Alert>
      </AuthShell>
    );
  }

  const label = preferenceLabel(preference);
  if (state === 'done') {
    return (
      <AuthShell label="Email preferences" title={`${label} is off`}>
        <Alert tone="success" title="Saved">
          You can turn it back on at any time in Settings. Account and security emails, such as sign-in codes,
          always arrive.
        </Alert>
        <Link to="/settings" className={buttonClasses({ variant: 'outline', className: 'mt-5 w-full' })}>
          Open Settings
        </Link>
      </AuthShell>
    );
  }

  const turnOff = async () => {
    setState('busy');
    setError(null);
    try {
      await turnOffEmailPreference(token);
      setState('done');
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.code === 'invalid_link') {
        setState('invalid');
        return;
      }
      setError(errorMessage(failure, 'We could not save that. Please try again.'));
      setState('ready');
    }
  };

  const { title, text } = whatStops(preference);
  return (
    <AuthShell label="Email preferences" title={title} subtitle={label} footer={footer}>
      <div className="space-y-5">
        <p className="text-sm text-slate-700 dark:text-slate-300">{text}</p>
        {error && <Alert tone="error">{error}</Alert>}
        <Button className="w-full" onClick={() => void turnOff()} disabled={state === 'busy'}>
          {state === 'busy' ? 'Saving...' : 'Turn off'}
        </Button>
      </div>
    </AuthShell>
  );
}
