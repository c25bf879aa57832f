import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.js';
import { withClassName } from '../lib/with-class-name.js';
import { buttonVariants } from './button.js';
import { centredModalClasses, overlayClasses } from './modal-parts.js';

/**
 * A confirmation that interrupts (role alertdialog): it does not close on an outside click, and focus starts on
 * Cancel so a stray Enter never confirms a destructive action.
 */
export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;
export const AlertDialogPortal = AlertDialogPrimitive.Portal;

export const AlertDialogOverlay = withClassName(
  AlertDialogPrimitive.Overlay,
  'alert-dialog-overlay',
  overlayClasses,
);

export function AlertDialogContent({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPortal>
      <AlertDialogOverlay />
      <AlertDialogPrimitive.Content
        data-slot="alert-dialog-content"
        className={cn(centredModalClasses, className)}
        {...props}
      />
    </AlertDialogPortal>
  );
}

export const AlertDialogHeader = withClassName('div', 'alert-dialog-header', 'flex flex-col gap-1.5');

export const AlertDialogFooter = withClassName(
  'div',
  'alert-dialog-footer',
  'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end',
);

export const AlertDialogTitle = withClassName(
  AlertDialogPrimitive.Title,
  'alert-dialog-title',
  'text-lg leading-tight font-semibold',
);

export const AlertDialogDescription = withClassName(
  AlertDialogPrimitive.Description,
  'alert-dialog-description',
  'text-sm text-muted-foreground',
);

/** Confirms; styled as a destructive button by default since these dialogs guard deletions. */
export function AlertDialogAction({
  className,
  variant = 'destructive',
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Action> & { variant?: 'default' | 'destructive' }) {
  return <AlertDialogPrimitive.Action className={cn(buttonVariants({ variant }), className)} {...props} />;
}

export function AlertDialogCancel({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return (
    <AlertDialogPrimitive.Cancel
      className={cn(buttonVariants({ variant: 'outline' }), className)}
      {...props}
    />
  );
}
