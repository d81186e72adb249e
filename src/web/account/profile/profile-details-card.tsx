import { useQueryClient } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { toast } from 'sonner';
import { type ProfileInput, profileSchema } from '../../../domain/account-schemas';
import { PROFILE_UPDATE_FAILED, PROFILE_UPDATED } from '../../../domain/messages';
import { FormCard } from '../../layout/form-card';
import { useSessionActions } from '../../lib/session';
import { toastFailure } from '../../lib/toast-failure';
import { useZodForm } from '../../lib/use-zod-form';
import { CountrySelect } from '../../ui/country-select';
import { TextField } from '../../ui/text-field';
import { PROFILE_QUERY_KEY, type Profile, saveProfile } from '../api/profile-api';

type Field = keyof ProfileInput;

const EDITABLE: { field: Exclude<Field, 'country'>; label: string; autoComplete: string }[] = [
  { field: 'fullName', label: 'Full Name', autoComplete: 'name' },
  { field: 'companyName', label: 'Company or Organization', autoComplete: 'organization' },
  { field: 'phone', label: 'Phone Number', autoComplete: 'tel' },
];

const editable = ({ fullName, companyName, phone, country }: Profile): ProfileInput => ({
  fullName,
  companyName,
  phone,
  country,
});

const memberSince = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** Read-only facts are text, not greyed-out inputs, so nobody tries to edit them. */
function ReadOnlyFacts({ profile }: { profile: Profile }) {
  return (
    <dl className="mb-6 grid gap-4 rounded-xl bg-slate-50 px-4 py-3.5 text-sm sm:grid-cols-2 dark:bg-slate-800/50">
      <div className="min-w-0">
        <dt className="font-medium text-slate-600 dark:text-slate-400">Email Address</dt>
        <dd className="mt-0.5 truncate font-medium text-slate-900 dark:text-white" title={profile.email}>
          {profile.email}
        </dd>
      </div>
      <div>
        <dt className="font-medium text-slate-600 dark:text-slate-400">Member Since</dt>
        <dd className="mt-0.5 font-medium text-slate-900 dark:text-white">
          {memberSince(profile.memberSince)}
        </dd>
      </div>
    </dl>
  );
}

/** Editable profile fields, plus the read-only e-mail and member-since date (spec /profile). */
export function ProfileDetailsCard({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const { refresh } = useSessionActions();
  const form = useZodForm({
    schema: profileSchema,
    initialValues: editable(profile),
    onSubmit: async (data) => {
      const saved = await saveProfile(data);
      queryClient.setQueryData(PROFILE_QUERY_KEY, saved);
      // Company and country are the billing details' too, and decide reverse charge.
      void queryClient.invalidateQueries({ queryKey: ['me'] });
      form.setValues(editable(saved));
      toast.success(PROFILE_UPDATED);
      // The top bar shows the name; let it pick up a change.
      await refresh().catch(() => undefined);
    },
    onError: toastFailure(PROFILE_UPDATE_FAILED),
  });
  const { bind } = form;

  return (
    <FormCard
      title="Personal Information"
      description="How we address you and who to contact about your orders. Company and country also go on your invoices."
      icon={<UserRound className="h-5 w-5" />}
      form={form}
      submitLabel="Update Profile"
      intro={<ReadOnlyFacts profile={profile} />}
      formClassName="grid gap-5 sm:grid-cols-2"
    >
      {EDITABLE.map(({ field, label, autoComplete }) => (
        <TextField
          key={field}
          id={`profile-${field}`}
          label={label}
          autoComplete={autoComplete}
          required={field === 'fullName'}
          {...bind(field)}
        />
      ))}
      {/* The billing details' country, which invoices print (docs/decisions/0013). */}
      <CountrySelect id="profile-country" {...bind('country')} />
    </FormCard>
  );
}
