import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import type { UserSettings } from '../../../domain/account-schemas';
import { SESSION_TIMEOUT_MINUTES } from '../../../domain/constants';
import { SectionCard } from '../../layout/section-card';
import { SETTINGS_QUERY_KEY, saveSettings } from '../../lib/api/settings-api';
import { useSession } from '../../lib/session';
import { useToastedSave } from '../../lib/use-toasted-save';
import { SettingRow } from './setting-row';
import { TwoFactorDisableDialog } from './two-factor-disable-dialog';
import { TwoFactorEnableDialog } from './two-factor-enable-dialog';

/**
 * Security toggles take effect at once (the card says so): two-factor through its dialogs,
 * Session Timeout saved as soon as it is flipped, so nobody believes a protection is on
 * while a Save button waits.
 */
export function SecurityCard({ saved }: { saved: UserSettings }) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [dialog, setDialog] = useState<'enable' | 'disable' | null>(null);
  const { busy: savingTimeout, save } = useToastedSave('Failed to save session timeout');
  const twoFactorOn = user?.twoFactorEnabled === true;

  const setSessionTimeout = (on: boolean) =>
    save(async () => {
      const result = await saveSettings({ ...saved, sessionTimeout: on });
      queryClient.setQueryData(SETTINGS_QUERY_KEY, result);
      return on ? 'Session timeout turned on' : 'Session timeout turned off';
    });

  return (
    <SectionCard
      title="Security"
      description="Changes here take effect immediately."
      icon={<ShieldCheck className="h-5 w-5" />}
    >
      <div className="divide-y divide-slate-200 dark:divide-slate-800">
        <SettingRow
          id="setting-twoFactor"
          label="Two-Factor Authentication"
          description={
            twoFactorOn
              ? 'On: signing in asks for a code from your authenticator app.'
              : 'Ask for a code from an authenticator app when signing in.'
          }
          checked={twoFactorOn}
          onCheckedChange={(on) => setDialog(on ? 'enable' : 'disable')}
        />
        <SettingRow
          id="setting-sessionTimeout"
          label="Session Timeout"
          description={`Automatically log out after ${SESSION_TIMEOUT_MINUTES} minutes of inactivity.`}
          checked={saved.sessionTimeout}
          disabled={savingTimeout}
          onCheckedChange={(on) => void setSessionTimeout(on)}
        />
      </div>
      <TwoFactorEnableDialog open={dialog === 'enable'} onClose={() => setDialog(null)} />
      <TwoFactorDisableDialog open={dialog === 'disable'} onClose={() => setDialog(null)} />
    </SectionCard>
  );
}
