import { FileText, Upload } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { cn } from '../../ui/cn';

/**
 * Choose a file with the native file input (keyboard and screen readers work as usual) or drop
 * one onto the zone. The input is visually hidden, not removed, so it keeps its focus ring
 * through the zone's focus-within outline.
 */
export function FileDropZone({
  file,
  onFile,
  accept,
  disabled = false,
}: {
  file: File | null;
  onFile: (file: File) => void;
  accept: string;
  disabled?: boolean;
}) {
  const inputId = useId();
  const [over, setOver] = useState(false);

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onFile(dropped);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a mouse shortcut; the file input inside is the keyboard and screen-reader way
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={cn(
        'relative flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center text-sm transition-colors focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600',
        over
          ? 'border-brand-600 bg-brand-50 dark:border-indigo-400 dark:bg-indigo-950/40'
          : 'border-slate-300 bg-slate-50 dark:border-slate-700 dark:bg-slate-900/60',
      )}
    >
      {file ? (
        <FileText className="h-8 w-8 text-brand-600 dark:text-indigo-300" aria-hidden="true" />
      ) : (
        <Upload className="h-8 w-8 text-slate-500 dark:text-slate-400" aria-hidden="true" />
      )}
      <p className="text-slate-700 dark:text-slate-300">
        {file ? (
          <span className="font-medium break-words text-slate-900 dark:text-white">
            {file.name} ({Math.max(1, Math.round(file.size / 1024)).toLocaleString('en-US')} KB)
          </span>
        ) : (
          'Drop a CSV file here, or'
        )}
      </p>
      <label
        htmlFor={inputId}
        className={cn(
          'cursor-pointer rounded-lg bg-white px-3.5 py-2 font-semibold text-brand-700 shadow-sm ring-1 ring-slate-300 hover:bg-brand-50 dark:bg-slate-800 dark:text-indigo-200 dark:ring-slate-700 dark:hover:bg-slate-700',
          disabled && 'pointer-events-none opacity-60',
        )}
      >
        {file ? 'Choose another file' : 'Choose a file'}
      </label>
      <input
        id={inputId}
        type="file"
        accept={accept}
        disabled={disabled}
        className="sr-only"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) onFile(chosen);
          event.target.value = '';
        }}
      />
    </div>
  );
}
