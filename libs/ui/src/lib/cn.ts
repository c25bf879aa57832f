import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names and lets a later Tailwind class win over an earlier one (`cn('px-4', 'px-2')` is `px-2`). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
