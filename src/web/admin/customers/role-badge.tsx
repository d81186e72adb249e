import { Badge } from '../../ui/badge';

/** Admins stand out in the list; everyone else is a customer. */
export function RoleBadge({ role }: { role: string }) {
  return role === 'admin' ? (
    <Badge tone="brand" className="px-2.5 py-0.5">
      admin
    </Badge>
  ) : (
    <Badge tone="neutral" className="px-2.5 py-0.5">
      customer
    </Badge>
  );
}
