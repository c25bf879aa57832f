import * as TabsPrimitive from '@radix-ui/react-tabs';
import { focusRing } from '../lib/focus-ring.js';
import { withClassName } from '../lib/with-class-name.js';

/** Arrow keys move between tabs and show each as it gets focus (Radix's automatic activation). */
export const Tabs = withClassName(TabsPrimitive.Root, 'tabs', 'flex flex-col gap-4');

export const TabsList = withClassName(
  TabsPrimitive.List,
  'tabs-list',
  'inline-flex h-10 w-fit items-center justify-center rounded-lg bg-muted p-1 text-muted-foreground',
);

export const TabsTrigger = withClassName(
  TabsPrimitive.Trigger,
  'tabs-trigger',
  'inline-flex h-full cursor-pointer items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 text-sm font-medium',
  'transition-colors hover:text-foreground disabled:pointer-events-none disabled:opacity-50',
  'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
  '[&_svg]:size-4 [&_svg]:shrink-0',
  focusRing,
);

export const TabsContent = withClassName(TabsPrimitive.Content, 'tabs-content', focusRing);
