import { useSyncExternalStore } from 'react';
import { dismissToast, pageToastStore, toast, type ToastEntry } from './toast-store.js';

export interface UseToast {
  toasts: readonly ToastEntry[];
  toast: typeof toast;
  dismiss: typeof dismissToast;
}

/** The page's toasts, re-rendering on change; `toast()` itself can be called outside React too. */
export function useToast(): UseToast {
  const store = pageToastStore();
  const toasts = useSyncExternalStore(store.subscribe, store.getToasts, store.getToasts);
  return { toasts, toast, dismiss: dismissToast };
}
