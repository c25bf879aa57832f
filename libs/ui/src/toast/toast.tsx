import * as ToastPrimitive from '@radix-ui/react-toast';
import { cva, type VariantProps } from 'class-variance-authority';
import { XIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.js';
import { focusRing } from '../lib/focus-ring.js';
import { withClassName } from '../lib/with-class-name.js';

export const ToastProvider = ToastPrimitive.Provider;

/**
 * At the bottom at every width (the bottom right from sm up): at the top, a phone's toast lay over the sticky
 * header, and while it showed (hovering pauses it) the navigation bar's menu and the view-as banner's Leave could
 * not be pressed.
 */
export const ToastViewport = withClassName(
  ToastPrimitive.Viewport,
  'toast-viewport',
  'fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none md:max-w-105',
);

const toastVariants = cva(
  [
    'group pointer-events-auto relative flex w-full items-center justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-8 shadow-overlay',
    'data-[state=open]:animate-toast-in data-[state=closed]:animate-fade-out',
    'data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
    'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=move]:transition-none',
    'data-[swipe=end]:animate-swipe-out',
  ],
  {
    variants: {
      variant: {
        default: 'border-border bg-card text-card-foreground',
        destructive: 'destructive border-destructive bg-destructive text-destructive-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type ToastProps = ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>;

/**
 * One toast. Destructive toasts are announced assertively (Radix's `type="foreground"`), others politely, so an
 * error interrupts a screen reader and a confirmation waits its turn.
 */
export function Toast({ className, variant, ...props }: ToastProps) {
  return (
    <ToastPrimitive.Root
      data-slot="toast"
      type={variant === 'destructive' ? 'foreground' : 'background'}
      className={cn(toastVariants({ variant }), className)}
      {...props}
    />
  );
}

export const ToastAction = withClassName(
  ToastPrimitive.Action,
  'toast-action',
  'inline-flex h-8 shrink-0 cursor-pointer items-center justify-center rounded-md border border-border bg-transparent px-3 text-sm font-medium',
  'transition-colors hover:bg-secondary disabled:pointer-events-none disabled:opacity-50',
  'group-[.destructive]:border-destructive-foreground/40 group-[.destructive]:hover:bg-destructive-foreground/10',
  focusRing,
);

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      data-slot="toast-close"
      aria-label="Close"
      className={cn(
        'absolute top-2 right-2 cursor-pointer rounded-md p-1 text-foreground/60 transition-colors hover:text-foreground',
        'group-[.destructive]:text-destructive-foreground/80 group-[.destructive]:hover:text-destructive-foreground',
        focusRing,
        className,
      )}
      {...props}
    >
      <XIcon className="size-4" aria-hidden="true" />
    </ToastPrimitive.Close>
  );
}

export const ToastTitle = withClassName(ToastPrimitive.Title, 'toast-title', 'text-sm font-semibold');

export const ToastDescription = withClassName(
  ToastPrimitive.Description,
  'toast-description',
  'text-sm opacity-90',
);
