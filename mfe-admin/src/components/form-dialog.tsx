import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  type DialogContentProps,
} from '@app/ui';
import type { ReactNode } from 'react';

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  onInteractOutside?: DialogContentProps['onInteractOutside'];
  children: ReactNode;
}

/** A dialog the admin screens open from a button to fill in a form: its title and description, then the form. */
export function FormDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  onInteractOutside,
  children,
}: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent onInteractOutside={onInteractOutside}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

interface FormActionsProps {
  submitLabel: string;
  /** The submit button's text while the write is pending. */
  pendingLabel: string;
  pending: boolean;
  /** The form cannot be sent yet (a required choice is missing). */
  incomplete?: boolean;
  onCancel: () => void;
}

/** A dialog form's Cancel and submit buttons; submit is disabled while the write is pending. */
export function FormActions({ submitLabel, pendingLabel, pending, incomplete, onCancel }: FormActionsProps) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={incomplete || pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
