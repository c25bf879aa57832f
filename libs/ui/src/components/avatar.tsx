import * as AvatarPrimitive from '@radix-ui/react-avatar';
import { withClassName } from '../lib/with-class-name.js';

/** The image shows once loaded; until then, or if it fails, the fallback (a letter) does. */
export const Avatar = withClassName(
  AvatarPrimitive.Root,
  'avatar',
  'relative flex size-9 shrink-0 overflow-hidden rounded-full',
);

export const AvatarImage = withClassName(
  AvatarPrimitive.Image,
  'avatar-image',
  'aspect-square size-full object-cover',
);

export const AvatarFallback = withClassName(
  AvatarPrimitive.Fallback,
  'avatar-fallback',
  'flex size-full items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground',
);
