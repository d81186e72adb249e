import { Badge } from '../../../ui/badge';
import { FieldList } from './field-list';
import type { Operation } from './openapi-model';
import { REFUSALS } from './refusals';

const subheading = 'mt-6 text-sm font-semibold tracking-wide text-slate-900 uppercase dark:text-white';

/** One operation of the reference: method and path, what it does, what it takes and returns. */
export function OperationSection({ operation }: { operation: Operation }) {
  const success = operation.responses.find((r) => r.status.startsWith('2'));
  const refusals = operation.responses.filter((r) => !r.status.startsWith('2'));
  return (
    <section
      aria-labelledby={`${operation.id}-title`}
      id={operation.id}
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 id={`${operation.id}-title`} className="flex flex-wrap items-center gap-3">
        <Badge tone="brand" className="px-2.5 py-0.5 font-mono">
          {operation.method}
        </Badge>
        <code className="font-mono text-base font-semibold break-all text-slate-900 dark:text-white">
          {operation.path}
        </code>
      </h3>
      {operation.summary && (
        <p className="mt-3 text-slate-700 first-letter:uppercase dark:text-slate-300">{operation.summary}.</p>
      )}
      {operation.needsKey && (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Needs an API key (read or read &amp; write).
        </p>
      )}
      {operation.parameters.length > 0 && (
        <>
          <h4 className={subheading}>Parameters</h4>
          <FieldList
            label={`Parameters of ${operation.method} ${operation.path}`}
            fields={operation.parameters}
            direction="request"
          />
        </>
      )}
      {operation.body.length > 0 && (
        <>
          <h4 className={subheading}>Request body</h4>
          <FieldList
            label={`Request body of ${operation.method} ${operation.path}`}
            fields={operation.body}
            direction="request"
          />
        </>
      )}
      {success && (
        <>
          <h4 className={subheading}>Answer: {success.status}</h4>
          {success.fields.length > 0 && (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              Every field is always there unless marked; a field that can be empty is null.
            </p>
          )}
          {success.fields.length > 0 ? (
            <FieldList
              label={`Answer of ${operation.method} ${operation.path}`}
              fields={success.fields}
              direction="answer"
            />
          ) : (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No body.</p>
          )}
        </>
      )}
      {refusals.length > 0 && (
        <>
          <h4 className={subheading}>Refusals</h4>
          <ul className="mt-3 space-y-1.5 text-sm text-slate-700 dark:text-slate-300">
            {refusals.map((r) => (
              <li key={r.status} className="flex gap-3">
                <code className="shrink-0 self-start font-mono font-semibold text-slate-900 dark:text-white">
                  {r.status}
                </code>
                <span>{REFUSALS[r.status] ?? 'See the error’s message.'}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
