import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { UserSettings } from '../../../domain/account-schemas';
import { NOTIFICATIONS_SAVED } from '../../../domain/messages';
import { SectionCard } from '../../layout/section-card';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { SettingRow } from './setting-row';
import { SETTINGS_QUERY_KEY, saveSettings } from './settings-api';

type NotificationKey = 'emailNotifications' | 'marketingEmails' | 'orderUpdates';

const ROWS: { key: NotificationKey; label: string; description: string }[] = [
  {
    key: 'emailNotifications',
    label: 'Email Notifications',
    description:
      'The master switch for order updates and marketing emails. Account and security emails, such as sign-in codes, are always sent.',
  },
  {
    key: 'marketingEmails',
    label: 'Marketing Emails',
    description: 'Product news, new features and offers.',
  },
  {
    key: 'orderUpdates',
    label: 'Order Updates',
    description: 'Payment instructions, confirmations, deliveries, renewals and refunds.',
  },
];

const pick = (s: UserSettings): Record<NotificationKey, boolean> => ({
  emailNotifications: s.emailNotifications,
  marketingEmails: s.marketingEmails,
  orderUpdates: s.orderUpdates,
});

/** The spec's notification toggles: changed freely, stored only by 'Save Changes'. */
export function NotificationsCard({ saved }: { saved: UserSettings }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => pick(saved));
  const [busy, setBusy] = useState(false);
  const dirty = ROWS.some(({ key }) => draft[key] !== saved[key]);

  const save = async () => {
    setBusy(true);
    try {
      // Session Timeout saves on its own; send the stored value so this never changes it.
      const result = await saveSettings({ ...draft, sessionTimeout: saved.sessionTimeout });
      queryClient.setQueryData(SETTINGS_QUERY_KEY, result);
      toast.success(NOTIFICATIONS_SAVED);
    } catch (error) {
      toast.error('Failed to save preferences', { description: errorMessage(error, 'Please try again.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <SectionCard
      title="Notifications"
      description="Choose which emails you receive."
      icon={<Bell className="h-5 w-5" />}
      footer={
        <>
          <p role="status" className="mr-auto text-sm text-slate-600 dark:text-slate-400">
            {dirty ? 'You have unsaved changes.' : ''}
          </p>
          <Button onClick={() => void save()} disabled={busy}>
            {busy ? 'Saving...' : 'Save Changes'}
          </Button>
        </>
      }
    >
      <div className="divide-y divide-slate-200 dark:divide-slate-800">
        {ROWS.map(({ key, label, description }) => (
          <SettingRow
            key={key}
            id={`setting-${key}`}
            label={label}
            description={description}
            checked={draft[key]}
            onCheckedChange={(checked) => setDraft((d) => ({ ...d, [key]: checked }))}
          />
        ))}
      </div>
    </SectionCard>
  );
}
