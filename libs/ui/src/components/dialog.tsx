import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.js';
import { withClassName } from '../lib/with-class-name.js';
import { centredModalClasses, ModalCloseButton, overlayClasses } from './modal-parts.js';

/**
 * A modal dialog: focus moves in and is trapped there, Escape or the close button closes it, focus returns to
 * what opened it. Every dialog needs a `DialogTitle` (its accessible name) and usually a `DialogDescription`.
 */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

export const DialogOverlay = withClassName(DialogPrimitive.Overlay, 'dialog-overlay', overlayClasses);

export interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** The label of the corner close button, for screen readers. */
  closeLabel?: string;
}

export function DialogContent({ className, children, closeLabel = 'Close', ...props }: DialogContentProps) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(centredModalClasses, className)}
        {...props}
      >
        {children}
        <ModalCloseButton label={closeLabel} />
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export const DialogHeader = withClassName('div', 'dialog-header', 'flex flex-col gap-1.5 pr-6 text-left');

export const DialogFooter = withClassName(
  'div',
  'dialog-footer',
  'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end',
);

export const DialogTitle = withClassName(
  DialogPrimitive.Title,
  'dialog-title',
  'text-lg leading-tight font-semibold',
);

export const DialogDescription = withClassName(
  DialogPrimitive.Description,
  'dialog-description',
  'text-sm text-muted-foreground',
);
