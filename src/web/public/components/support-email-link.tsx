import { useSite } from '../../lib/site';

/** The support address as a mail link, written out so it can be read and copied as well. */
export function SupportEmailLink({ className }: { className?: string }) {
  const { supportEmail } = useSite();
  return (
    <a href={`mailto:${supportEmail}`} className={className}>
      {supportEmail}
    </a>
  );
}
