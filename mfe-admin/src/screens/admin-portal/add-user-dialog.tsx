import type { CreatedUser } from '@app/contracts';
import { Button, DialogFooter } from '@app/ui';
import { useCreateUser } from '@app/web-data';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog.js';
import { resultToasts } from '../../components/result-toasts.js';
import { useDialogOpen } from '../../components/use-dialog-open.js';
import { AddUserForm, type NewUserFields } from './add-user-form.js';
import { PasswordSetupLinkPanel } from './password-setup-link.js';

/**
 * SPEC.md §2 "Admin Portal" Add User. After creating, the dialog shows the account's one-time password-setup
 * link instead of the form, until it is closed.
 */
export function AddUserDialog() {
  const [created, setCreated] = useState<CreatedUser | null>(null);
  const createUser = useCreateUser();
  const [open, changeOpen] = useDialogOpen(() => {
    setCreated(null);
    createUser.reset();
  });

  function submit(fields: NewUserFields) {
    createUser.mutate(
      fields,
      resultToasts({ success: 'User created successfully', failure: 'Error creating user' }, setCreated),
    );
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={changeOpen}
      trigger={
        <Button type="button">
          <UserPlus aria-hidden />
          Add User
        </Button>
      }
      onInteractOutside={(event) => {
        // The link cannot be read again, so only Done, Close or Escape may end this view. The shell's toasts count
        // as outside to a remote's dialog: closing "User created successfully" would otherwise lose the link.
        if (created) event.preventDefault();
      }}
      title={created ? 'User Created' : 'Add New User'}
      description={
        created ? 'Share the password setup link with the new user.' : 'Create a new user account.'
      }
    >
      {created ? (
        <>
          <PasswordSetupLinkPanel email={created.email} link={created.passwordSetup} />
          <DialogFooter>
            <Button type="button" onClick={() => changeOpen(false)}>
              Done
            </Button>
          </DialogFooter>
        </>
      ) : (
        <AddUserForm pending={createUser.isPending} onSubmit={submit} onCancel={() => changeOpen(false)} />
      )}
    </FormDialog>
  );
}
