import type { ClassValue } from 'clsx';
import type { ComponentProps, ElementType, JSX } from 'react';
import { cn } from './cn.js';

/**
 * The part of a component that only styles an element or a Radix primitive: it names itself with `data-slot`
 * and merges the caller's `className` over its own classes, passing every other prop (and, in React 19, `ref`)
 * through. `withClassName(DialogPrimitive.Title, 'dialog-title', 'text-lg font-semibold')` is such a part.
 */
export function withClassName<T extends ElementType>(
  component: T,
  slot: string,
  ...classes: ClassValue[]
): (props: ComponentProps<T>) => JSX.Element {
  const Component: ElementType = component;
  return function Styled({ className, ...props }: ComponentProps<T> & { className?: string }) {
    return <Component data-slot={slot} className={cn(...classes, className)} {...props} />;
  };
}
