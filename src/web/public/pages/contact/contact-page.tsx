import { Card } from '../../../ui/card';
import { ContactDetails } from '../../components/contact-details';
import { PageHeader } from '../../components/page-header';
import { PublicLayout } from '../../layout/public-layout';
import type { PageMeta } from '../../meta';
import { ContactForm } from './contact-form';

export const meta: PageMeta = {
  title: 'Contact',
  description: 'Send a message to our support team, or reach us by email or phone during business hours.',
};

/** /contact (D10): a form that reaches support, and the direct contact details. */
export default function ContactPage() {
  return (
    <PublicLayout>
      <PageHeader eyebrow="Contact" title="Get in touch">
        <p>Questions about plans, an order or your account? Send us a message and a person will answer.</p>
      </PageHeader>
      <section aria-label="Contact" className="py-16 sm:py-20">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-5 lg:px-8">
          <Card className="p-6 sm:p-8 lg:col-span-3">
            <ContactForm />
          </Card>
          <div className="lg:col-span-2">
            <h2 className="text-xl font-semibold text-slate-900 dark:text-white">Other ways to reach us</h2>
            <div className="mt-6">
              <ContactDetails />
            </div>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
