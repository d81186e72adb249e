import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import type { UserSettings } from '../../../domain/account-schemas';
import { NOTIFICATIONS_SAVED } from '../../../domain/messages';
import { SectionCard } from '../../layout/section-card';
import { SETTINGS_QUERY_KEY, saveSettings } from '../../lib/api/settings-api';
import { useToastedSave } from '../../lib/use-toasted-save';
import { SaveFooter } from './save-footer';
import { SettingRow } from './setting-row';

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

/** The documented notification toggles: changed freely, stored only by 'Save Changes'. */
export function NotificationsCard({ saved }: { saved: UserSettings }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => pick(saved));
  const { busy, save } = useToastedSave('Failed to save preferences');
  const dirty = ROWS.some(({ key }) => draft[key] !== saved[key]);

  const saveDraft = () =>
    save(async () => {
      // Session Timeout saves on its own; send the stored value so this never changes it.
      const result = await saveSettings({ ...draft, sessionTimeout: saved.sessionTimeout });
      queryClient.setQueryData(SETTINGS_QUERY_KEY, result);
      return NOTIFICATIONS_SAVED;
    });

  return (
    <SectionCard
      title="Notifications"
      description="Choose which emails you receive."
      icon={<Bell className="h-5 w-5" />}
      footer={<SaveFooter dirty={dirty} busy={busy} onSave={() => void saveDraft()} label="Save Changes" />}
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
