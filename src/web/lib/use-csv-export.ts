import { useState } from 'react';
import { toast } from 'sonner';
import { downloadTextFile } from './download';
import { type ExportEffects, type ExportJob, runExport } from './run-export';

const effects: ExportEffects = {
  error: ({ title, description }) => toast.error(title, { description }),
  success: ({ title, description }) => toast.success(title, { description }),
  download: downloadTextFile,
};

/** An export button's behaviour: runs the job with toasts and a download, and says when it is busy. */
export function useCsvExport() {
  const [busy, setBusy] = useState(false);
  const run = async <T>(job: ExportJob<T>): Promise<boolean> => {
    setBusy(true);
    try {
      return await runExport(job, effects);
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}
