import type { User } from '@app/contracts';
import { startViewAsBodySchema, viewAsDurationMinutes, viewAsReasonMaxLength } from '@app/contracts';
import { Button, Label, Textarea, toast } from '@app/ui';
import { errorDescription, useStartViewAs, viewAsLandingPath } from '@app/web-data';
import { EyeIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormActions, FormDialog } from '../../components/form-dialog.js';
import { useDialogOpen } from '../../components/use-dialog-open.js';
import { userDisplayName } from '../../components/user-names.js';

/**
 * "View as customer" on a customer's details (issue 21 item 3): the admin says why, and the app reloads into the
 * customer's screens, read-only, for 30 minutes. The reason goes to the audit trail and to the customer's Activity.
 */
export function ViewAsDialog({ user }: { user: User }) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const start = useStartViewAs();
  const [open, changeOpen] = useDialogOpen(() => {
    setReason('');
    setProblem(null);
    start.reset();
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = startViewAsBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    start.mutate(
      { userId: user.id, body: parsed.data },
      {
        // A reload, so the admin's own cached screens are not mixed into the customer's.
        onSuccess: () => window.location.assign(viewAsLandingPath),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Could not view as this customer',
            description: errorDescription(error),
          }),
      },
    );
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={changeOpen}
      trigger={
        <Button type="button" variant="outline" className="ml-auto" disabled={!user.isActive}>
          <EyeIcon aria-hidden />
          View as customer
        </Button>
      }
      title="View as customer"
      description={`See ${userDisplayName(user)}'s screens as they see them, read-only, for ${viewAsDurationMinutes} minutes. The customer sees on their Activity that Support viewed their account, and why.`}
    >
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <div className="grid gap-2">
          <Label htmlFor="view-as-reason">Reason</Label>
          <Textarea
            id="view-as-reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={viewAsReasonMaxLength}
            required
            aria-invalid={problem !== null}
            aria-describedby="view-as-reason-help"
            placeholder="Ticket 4411: the customer cannot find their invoice"
          />
          <p
            id="view-as-reason-help"
            className={problem ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}
          >
            {problem ?? `Required, up to ${viewAsReasonMaxLength} characters.`}
          </p>
        </div>
        <FormActions
          submitLabel="View as customer"
          pendingLabel="Opening..."
          pending={start.isPending}
          onCancel={() => changeOpen(false)}
        />
      </form>
    </FormDialog>
  );
}
