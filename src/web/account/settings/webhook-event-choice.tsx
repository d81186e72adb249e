import { useId } from 'react';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../domain/webhooks';
import { WEBHOOK_EVENT_TEXTS } from '../../lib/webhook-event-texts';
import { Checkbox } from '../../ui/checkbox';

/** The events an endpoint receives: one box each with what it means, and 'All events' on top. */
export function WebhookEventChoice({
  value,
  disabled,
  error,
  onChange,
}: {
  value: readonly WebhookEventType[];
  disabled: boolean;
  error: string | undefined;
  onChange: (events: WebhookEventType[]) => void;
}) {
  const allId = useId();
  const errorId = useId();
  const chosen = new Set(value);
  const all = chosen.size === WEBHOOK_EVENT_TYPES.length;
  const toggle = (event: WebhookEventType) =>
    onChange(WEBHOOK_EVENT_TYPES.filter((e) => (e === event ? !chosen.has(e) : chosen.has(e))));
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">
        Events to send
      </legend>
      <label
        htmlFor={allId}
        className="flex items-center gap-3 rounded-lg bg-slate-50 px-3 py-2 text-sm font-medium text-slate-900 dark:bg-slate-800/60 dark:text-white"
      >
        <Checkbox
          id={allId}
          checked={all}
          indeterminate={!all && chosen.size > 0}
          disabled={disabled}
          onChange={() => onChange(all ? [] : [...WEBHOOK_EVENT_TYPES])}
          aria-invalid={error ? true : undefined}
        />
        All events
      </label>
      <ul className="space-y-1 px-3">
        {WEBHOOK_EVENT_TYPES.map((event) => (
          <li key={event}>
            <label
              htmlFor={`${allId}-${event}`}
              className="flex cursor-pointer items-start gap-3 py-1 text-sm"
            >
              <Checkbox
                id={`${allId}-${event}`}
                checked={chosen.has(event)}
                disabled={disabled}
                onChange={() => toggle(event)}
                className="mt-0.5"
              />
              <span className="min-w-0">
                <code className="font-mono text-slate-900 dark:text-white">{event}</code>
                <span className="block text-slate-600 dark:text-slate-400">{WEBHOOK_EVENT_TEXTS[event]}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
