import { API_KEY_SCOPES, type ApiKeyScope } from '../../../domain/api-keys';
import { RadioCard } from '../../ui/radio-card';
import { SCOPE_TEXTS } from './api-key-texts';

const choiceClasses =
  'flex cursor-pointer gap-3 rounded-xl border border-slate-200 bg-white p-3.5 transition-colors hover:border-slate-300 has-checked:border-brand-600 has-checked:bg-brand-50/60 has-checked:ring-1 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 has-disabled:cursor-not-allowed has-disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-slate-600 dark:has-checked:border-indigo-400 dark:has-checked:bg-indigo-950/40 dark:has-checked:ring-indigo-400';

/** Read only or read & write, each with a line on what it allows. */
export function ScopeChoice({
  value,
  disabled,
  onChange,
}: {
  value: ApiKeyScope;
  disabled: boolean;
  onChange: (scope: ApiKeyScope) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">Access</legend>
      {API_KEY_SCOPES.map((scope) => {
        const detailId = `api-key-scope-${scope}-detail`;
        return (
          <RadioCard
            key={scope}
            name="api-key-scope"
            value={scope}
            checked={value === scope}
            disabled={disabled}
            onSelect={() => onChange(scope)}
            describedBy={detailId}
            className={choiceClasses}
            radioClassName="mt-0.5 h-4 w-4 shrink-0 accent-brand-600 focus:outline-none dark:accent-indigo-400"
          >
            <span className="min-w-0 flex-1 text-sm">
              <span className="block font-medium text-slate-900 dark:text-white">
                {SCOPE_TEXTS[scope].label}
              </span>
              <span id={detailId} className="mt-0.5 block text-slate-600 dark:text-slate-400">
                {SCOPE_TEXTS[scope].detail}
              </span>
            </span>
          </RadioCard>
        );
      })}
    </fieldset>
  );
}
