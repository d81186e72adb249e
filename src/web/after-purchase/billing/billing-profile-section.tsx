import { useQueryClient } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import { toast } from 'sonner';
import { type BillingProfile, billingProfileSchema } from '../../../domain/api/billing-profile';
import {
  BILLING_PROFILE_LOAD_FAILED,
  BILLING_PROFILE_SAVE_FAILED,
  BILLING_PROFILE_SAVED,
  BILLING_PROFILE_SAVED_DESCRIPTION,
} from '../../../domain/messages';
import { FormCard } from '../../layout/form-card';
import { SectionCard } from '../../layout/section-card';
import { TAX_TREATMENT_QUERY_KEY } from '../../lib/api/tax-api';
import { toastFailure } from '../../lib/toast-failure';
import { useZodForm } from '../../lib/use-zod-form';
import { CountrySelect } from '../../ui/country-select';
import { LoadError } from '../../ui/load-error';
import { Skeleton } from '../../ui/skeleton';
import { TextareaField, TextField } from '../../ui/text-field';
import { BILLING_PROFILE_QUERY_KEY, saveBillingProfile, useBillingProfile } from '../api/billing-profile-api';

const TITLE_ID = 'billing-profile-title';

/** The section's card, the same while the profile loads and once its form is in. */
const CARD = {
  title: 'Billing details',
  titleId: TITLE_ID,
  description:
    'Who your invoices are made out to. Company and country are the ones on your profile. Changes apply to new invoices only.',
  icon: <Building2 className="h-5 w-5" />,
};

function BillingProfileForm({ profile }: { profile: BillingProfile }) {
  const queryClient = useQueryClient();
  const form = useZodForm({
    schema: billingProfileSchema,
    initialValues: profile,
    onSubmit: async (data) => {
      const saved = await saveBillingProfile(data);
      queryClient.setQueryData(BILLING_PROFILE_QUERY_KEY, saved);
      // The country and VAT number decide reverse charge on the next order; company and
      // country are the profile page's too.
      void queryClient.invalidateQueries({ queryKey: TAX_TREATMENT_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['me', 'profile'] });
      form.setValues(saved);
      toast.success(BILLING_PROFILE_SAVED, { description: BILLING_PROFILE_SAVED_DESCRIPTION });
    },
    onError: toastFailure(BILLING_PROFILE_SAVE_FAILED),
  });
  const { bind } = form;

  return (
    <FormCard
      {...CARD}
      form={form}
      submitLabel="Save billing details"
      formClassName="grid gap-5 sm:grid-cols-2"
    >
      <TextField
        id="billing-companyName"
        label="Company name"
        autoComplete="organization"
        {...bind('companyName')}
      />
      <CountrySelect id="billing-country" {...bind('country')} />
      <div className="sm:col-span-2">
        <TextareaField
          id="billing-address"
          label="Address"
          hint="Street, postcode and city, one per line."
          autoComplete="street-address"
          rows={3}
          className="min-h-0"
          {...bind('address')}
        />
      </div>
      <TextField
        id="billing-taxNumber"
        label="VAT number"
        hint="With its country prefix, e.g. DE123456789. Outside the EU, the number your tax office gave you."
        {...bind('taxNumber')}
      />
      <TextField
        id="billing-invoiceEmail"
        label="Invoice e-mail"
        type="email"
        autoComplete="email"
        hint="Gets every invoice and credit note as a PDF."
        {...bind('invoiceEmail')}
      />
    </FormCard>
  );
}

/** /billing: the billing profile every new invoice is made out to (docs/decisions/0013). */
export function BillingProfileSection() {
  const query = useBillingProfile();
  return (
    <section aria-labelledby={TITLE_ID}>
      {query.data ? <BillingProfileForm profile={query.data} /> : <Placeholder query={query} />}
    </section>
  );
}

function Placeholder({ query }: { query: ReturnType<typeof useBillingProfile> }) {
  return (
    <SectionCard {...CARD}>
      {query.isError ? (
        <LoadError
          title={BILLING_PROFILE_LOAD_FAILED}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <Skeleton className="h-40 w-full" />
      )}
    </SectionCard>
  );
}
