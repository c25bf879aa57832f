import * as DialogPrimitive from '@radix-ui/react-dialog';
import { XIcon } from 'lucide-react';
import { cn } from '../lib/cn.js';
import { focusRing } from '../lib/focus-ring.js';

/** What `Dialog`, `AlertDialog` and `Sheet` have in common: one backdrop, one centred box, one corner close. */
export const overlayClasses =
  'fixed inset-0 z-50 bg-overlay data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out';

export const centredModalClasses = [
  'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
  'gap-4 overflow-y-auto rounded-xl border border-border bg-card p-6 text-card-foreground shadow-overlay',
  'data-[state=open]:animate-zoom-in data-[state=closed]:animate-zoom-out',
  'outline-none',
];

/** The corner close button of a dialog or sheet (both are Radix dialogs); `label` is its name for screen readers. */
export function ModalCloseButton({ label }: { label: string }) {
  return (
    <DialogPrimitive.Close
      className={cn(
        'absolute top-4 right-4 cursor-pointer rounded-sm text-muted-foreground transition-colors hover:text-foreground',
        focusRing,
      )}
    >
      <XIcon className="size-4" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </DialogPrimitive.Close>
  );
}
