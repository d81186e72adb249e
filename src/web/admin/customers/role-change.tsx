import { useState } from 'react';
import { Button } from '../../ui/button';
import { type CustomerDetail, changeRole } from '../api/customers-api';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { useAdminAction } from '../shared/use-admin-action';

/**
 * Makes a customer an admin, or an admin a customer (D2), after a confirmation. The server
 * refuses to demote the last admin; its message appears in the dialog and a toast.
 */
export function RoleChange({ customer }: { customer: CustomerDetail['customer'] }) {
  const [open, setOpen] = useState(false);
  const run = useAdminAction();
  const promote = customer.role !== 'admin';
  const target = promote ? 'admin' : 'user';
  return (
    <>
      <Button variant={promote ? 'primary' : 'outline'} onClick={() => setOpen(true)}>
        {promote ? 'Make admin' : 'Remove admin role'}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={promote ? 'Make this user an admin?' : 'Remove the admin role?'}
        description={<span className="break-words">{customer.email}</span>}
        confirm={{
          label: promote ? 'Make admin' : 'Remove admin role',
          busyLabel: 'Saving...',
          tone: promote ? 'primary' : 'danger',
        }}
        onConfirm={() =>
          run(() => changeRole(customer.id, target), {
            success: () => ({
              title: 'Role changed',
              description: `${customer.email} is now ${promote ? 'an admin' : 'a customer'}.`,
            }),
            failure: 'Could not change the role',
          })
        }
      >
        <p>
          {promote
            ? 'Admins see every order, panel, password and customer, and can refund, import and change roles.'
            : 'They lose access to the admin console at once and keep their own orders and panels.'}
        </p>
      </ConfirmDialog>
    </>
  );
}
