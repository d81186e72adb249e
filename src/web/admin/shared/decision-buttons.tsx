import { type ReactNode, useState } from 'react';
import { Button } from '../../ui/button';

/** A decision's button: its word, and its accessible name, which says what it acts on. */
interface Choice {
  label: string;
  name: string;
}

/**
 * The two ways to settle a customer's request (a refund, a replacement): the action, confirmed
 * in `confirmation` before it runs, or the refusal, whose `refusal` dialog asks for the words
 * the customer reads. Without `accept` only the refusal is offered.
 */
export function DecisionButtons({
  accept,
  decline,
  confirmation,
  refusal,
}: {
  accept?: Choice;
  decline: Choice;
  confirmation: (dialog: { open: boolean; onClose: () => void }) => ReactNode;
  refusal: (onClose: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState<'accept' | 'decline' | null>(null);
  const close = () => setOpen(null);
  return (
    <div className="flex gap-2">
      {accept && (
        <Button size="sm" onClick={() => setOpen('accept')} aria-label={accept.name}>
          {accept.label}
        </Button>
      )}
      <Button size="sm" variant="outline" onClick={() => setOpen('decline')} aria-label={decline.name}>
        {decline.label}
      </Button>
      {confirmation({ open: open === 'accept', onClose: close })}
      {open === 'decline' && refusal(close)}
    </div>
  );
}
