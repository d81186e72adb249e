import { Link } from 'react-router';
import { Alert } from '../../ui/alert';
import { buttonClasses } from '../../ui/button';

/** A checkout page with nothing to show: why, and the one way on from there. */
export function DeadEnd({
  title,
  text,
  to,
  linkLabel,
}: {
  title: string;
  text: string;
  to: string;
  linkLabel: string;
}) {
  return (
    <div className="space-y-4">
      <Alert tone="error" title={title}>
        {text}
      </Alert>
      <Link to={to} className={buttonClasses({ variant: 'outline' })}>
        {linkLabel}
      </Link>
    </div>
  );
}
