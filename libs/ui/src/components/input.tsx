import { cn } from '../lib/cn.js';
import { focusRing } from '../lib/focus-ring.js';
import { withClassName } from '../lib/with-class-name.js';

/** Mark a field in error with `aria-invalid` and point `aria-describedby` at its message. */
export const fieldClasses = cn(
  'w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs transition-colors',
  'placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50',
  'aria-invalid:border-destructive aria-invalid:ring-destructive',
  focusRing,
);

export const Input = withClassName(
  'input',
  'input',
  fieldClasses,
  'h-10 file:border-0 file:bg-transparent file:text-sm file:font-medium',
);

export const Textarea = withClassName('textarea', 'textarea', fieldClasses, 'min-h-20');
