import { lazyNamed, useToast } from '@app/ui';
import { Suspense, useState } from 'react';

// Radix's toast and its layer record stay out of a visitor's first load (bench figure 10) until a toast is shown.
const Toaster = lazyNamed(() => import('@app/ui/toaster'), 'Toaster');

/**
 * The page's toaster, mounted with the first toast and kept from then on. The toasts wait in the page's store
 * meanwhile, so nothing shown before the toaster arrives is lost.
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
