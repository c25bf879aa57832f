import * as LabelPrimitive from '@radix-ui/react-label';
import { withClassName } from '../lib/with-class-name.js';

export const Label = withClassName(
  LabelPrimitive.Root,
  'label',
  'flex items-center gap-2 text-sm leading-none font-medium select-none',
  'peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
);
