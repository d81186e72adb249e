import { useQueryClient } from '@tanstack/react-query';
import { Siren } from 'lucide-react';
import { useState } from 'react';
import {
  ALERT_KINDS,
  ALERT_SETTINGS_SAVED,
  ALERT_TEXTS,
  type AlertSettings,
} from '../../../domain/email-preferences';
import { SectionCard } from '../../layout/section-card';
import { useToastedSave } from '../../lib/use-toasted-save';
import { LoadError } from '../../ui/load-error';
import { LoadingScreen } from '../../ui/spinner';
import { ALERT_SETTINGS_QUERY_KEY, saveAlertSettings, useAlertSettings } from '../api/alert-settings-api';
import { SaveFooter } from './save-footer';
import { SettingRow } from './setting-row';

const DESCRIPTION = 'Emails to you, once per event, about what needs an admin. Each admin chooses their own.';

function AlertToggles({ saved }: { saved: AlertSettings }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(saved);
  const { busy, save } = useToastedSave('Failed to save alert preferences');
  const dirty = ALERT_KINDS.some((kind) => draft[kind] !== saved[kind]);

  const saveDraft = () =>
    save(async () => {
      queryClient.setQueryData(ALERT_SETTINGS_QUERY_KEY, await saveAlertSettings(draft));
      return ALERT_SETTINGS_SAVED;
    });

  return (
    <SectionCard
      title="Operator alerts"
      description={DESCRIPTION}
      icon={<Siren className="h-5 w-5" />}
      footer={<SaveFooter dirty={dirty} busy={busy} onSave={() => void saveDraft()} label="Save Alerts" />}
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
        <LoadError
          title="We could not load your alert preferences"
          onRetry={() => void settings.refetch()}
          retryIcon={false}
        />
      </SectionCard>
    );
  }
  return <AlertToggles saved={settings.data} />;
}
