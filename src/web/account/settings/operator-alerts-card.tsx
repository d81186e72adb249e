import { useQueryClient } from '@tanstack/react-query';
import { Siren } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  ALERT_KINDS,
  ALERT_SETTINGS_SAVED,
  ALERT_TEXTS,
  type AlertSettings,
} from '../../../domain/email-preferences';
import { SectionCard } from '../../layout/section-card';
import { errorMessage } from '../../lib/api';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { LoadingScreen } from '../../ui/spinner';
import { SettingRow } from './setting-row';
import { ALERT_SETTINGS_QUERY_KEY, saveAlertSettings, useAlertSettings } from './settings-api';

const DESCRIPTION = 'Emails to you, once per event, about what needs an admin. Each admin chooses their own.';

function AlertToggles({ saved }: { saved: AlertSettings }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(saved);
  const [busy, setBusy] = useState(false);
  const dirty = ALERT_KINDS.some((kind) => draft[kind] !== saved[kind]);

  const save = async () => {
    setBusy(true);
    try {
      queryClient.setQueryData(ALERT_SETTINGS_QUERY_KEY, await saveAlertSettings(draft));
      toast.success(ALERT_SETTINGS_SAVED);
    } catch (error) {
      toast.error('Failed to save alert preferences', {
        description: errorMessage(error, 'Please try again.'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <SectionCard
      title="Operator alerts"
      description={DESCRIPTION}
      icon={<Siren className="h-5 w-5" />}
      footer={
        <>
          <p role="status" className="mr-auto text-sm text-slate-600 dark:text-slate-400">
            {dirty ? 'You have unsaved changes.' : ''}
          </p>
          <Button onClick={() => void save()} disabled={busy}>
            {busy ? 'Saving...' : 'Save Alerts'}
          </Button>
        </>
      }
    >
      <div className="divide-y divide-slate-200 dark:divide-slate-800">
        {ALERT_KINDS.map((kind) => (
          <SettingRow
            key={kind}
            id={`alert-${kind}`}
            label={ALERT_TEXTS[kind].label}
            description={ALERT_TEXTS[kind].description}
            checked={draft[kind]}
            onCheckedChange={(checked) => setDraft((d) => ({ ...d, [kind]: checked }))}
          />
        ))}
      </div>
    </SectionCard>
  );
}

/** Admins only: which operator alerts this admin is e-mailed (the server keeps them per admin). */
export function OperatorAlertsCard() {
  const settings = useAlertSettings();
  if (settings.isPending) {
    return (
      <SectionCard title="Operator alerts" description={DESCRIPTION} icon={<Siren className="h-5 w-5" />}>
        <LoadingScreen label="Loading your alert preferences" className="min-h-40" />
      </SectionCard>
    );
  }
  if (settings.isError) {
    return (
      <SectionCard title="Operator alerts" description={DESCRIPTION} icon={<Siren className="h-5 w-5" />}>
        <div className="space-y-4">
          <Alert tone="error" title="We could not load your alert preferences">
            Check your connection and try again.
          </Alert>
          <Button variant="outline" onClick={() => void settings.refetch()}>
            Retry
          </Button>
        </div>
      </SectionCard>
    );
  }
  return <AlertToggles saved={settings.data} />;
}
