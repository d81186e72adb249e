import type { ReactNode } from 'react';
import { Switch } from '../../ui/switch';

interface SettingRowProps {
  id: string;
  label: string;
  description: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** One labelled switch with its explanation; clicking the label flips it too. */
export function SettingRow({ id, label, description, checked, onCheckedChange, disabled }: SettingRowProps) {
  return (
    <div className="flex items-start justify-between gap-4 py-4 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <label htmlFor={id} id={`${id}-label`} className="text-sm font-medium text-slate-900 dark:text-white">
          {label}
        </label>
        <p id={`${id}-description`} className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
          {description}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-description`}
      />
    </div>
  );
}
