import * as SheetPrimitive from '@radix-ui/react-dialog';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.js';
import { withClassName } from '../lib/with-class-name.js';
import { ModalCloseButton, overlayClasses } from './modal-parts.js';

/** A dialog that slides in from an edge (the mobile menu): same focus trap and Escape as `Dialog`. */
export const Sheet = SheetPrimitive.Root;
export const SheetTrigger = SheetPrimitive.Trigger;
export const SheetClose = SheetPrimitive.Close;

const sheetVariants = cva(
  'fixed z-50 flex flex-col gap-4 bg-card text-card-foreground shadow-overlay outline-none transition ease-in-out',
  {
    variants: {
      side: {
        right:
          'inset-y-0 right-0 h-full w-3/4 border-l border-border data-[state=open]:animate-slide-in-right data-[state=closed]:animate-slide-out-right sm:max-w-sm',
        left: 'inset-y-0 left-0 h-full w-3/4 border-r border-border data-[state=open]:animate-slide-in-left data-[state=closed]:animate-slide-out-left sm:max-w-sm',
      },
    },
    defaultVariants: { side: 'right' },
  },
);

export interface SheetContentProps
  extends ComponentProps<typeof SheetPrimitive.Content>, VariantProps<typeof sheetVariants> {
  closeLabel?: string;
}

export function SheetContent({
  className,
  children,
  side,
  closeLabel = 'Close',
  ...props
}: SheetContentProps) {
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay data-slot="sheet-overlay" className={overlayClasses} />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        className={cn(sheetVariants({ side }), className)}
        {...props}
      >
        {children}
        <ModalCloseButton label={closeLabel} />
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export const SheetHeader = withClassName('div', 'sheet-header', 'flex flex-col gap-1.5 p-4 pr-10');

export const SheetFooter = withClassName('div', 'sheet-footer', 'mt-auto flex flex-col gap-2 p-4');

export const SheetTitle = withClassName(SheetPrimitive.Title, 'sheet-title', 'text-lg font-semibold');

export const SheetDescription = withClassName(
  SheetPrimitive.Description,
  'sheet-description',
  'text-sm text-muted-foreground',
);
