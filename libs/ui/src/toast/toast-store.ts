import type { ReactElement, ReactNode } from 'react';

/** SPEC.md §9: one toast at a time; a dismissed toast is dropped from the list after 1,000,000 ms. */
export const toastLimit = 1;
export const toastRemoveDelayMs = 1_000_000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** A `ToastAction`; needs an `altText` for screen-reader users who cannot reach it in time. */
  action?: ReactElement;
  /** Overrides the Toaster's 5000 ms for this toast. */
  duration?: number;
}

export interface ToastEntry extends ToastInput {
  id: string;
  open: boolean;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (input: ToastInput) => void;
}

export interface ToastStore {
  getToasts: () => readonly ToastEntry[];
  subscribe: (listener: () => void) => () => void;
  show: (input: ToastInput) => ToastHandle;
  update: (id: string, input: ToastInput) => void;
  /** Closes one toast, or every toast when no id is given. */
  dismiss: (id?: string) => void;
}

export function createToastStore(): ToastStore {
  let toasts: readonly ToastEntry[] = [];
  let nextId = 0;
  const listeners = new Set<() => void>();
  const removals = new Map<string, ReturnType<typeof setTimeout>>();

  function set(next: readonly ToastEntry[]) {
    toasts = next;
    for (const listener of listeners) listener();
  }

  function scheduleRemoval(id: string) {
    if (removals.has(id)) return;
    const timer = setTimeout(() => {
      removals.delete(id);
      set(toasts.filter((toast) => toast.id !== id));
    }, toastRemoveDelayMs);
    removals.set(id, timer);
  }

  const store: ToastStore = {
    getToasts: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    show(input) {
      nextId += 1;
      const id = String(nextId);
      const kept = [{ ...input, id, open: true }, ...toasts].slice(0, toastLimit);
      for (const [pending, timer] of removals) {
        if (kept.some((toast) => toast.id === pending)) continue;
        clearTimeout(timer);
        removals.delete(pending);
      }
      set(kept);
      return { id, dismiss: () => store.dismiss(id), update: (next) => store.update(id, next) };
    },
    update(id, input) {
      set(toasts.map((toast) => (toast.id === id ? { ...toast, ...input } : toast)));
    },
    dismiss(id) {
      for (const toast of toasts) if (id === undefined || toast.id === id) scheduleRemoval(toast.id);
      set(toasts.map((toast) => (id === undefined || toast.id === id ? { ...toast, open: false } : toast)));
    },
  };
  return store;
}

/**
 * The page's one toast store. The shell and each remote bundle their own copy of @app/ui, so a module-level
 * store would split in three and a remote's toast would never reach the shell's Toaster; a well-known global
 * symbol gives every copy the same store. The version in the key keeps an incompatible future store apart.
 */
const storeKey = Symbol.for('@app/ui/toast-store/v1');

export function pageToastStore(): ToastStore {
  const holder = globalThis as { [storeKey]?: ToastStore };
  holder[storeKey] ??= createToastStore();
  return holder[storeKey];
}

/** Shows a toast from anywhere (a mutation's `onError`, an effect): the Toaster renders it. */
export function toast(input: ToastInput): ToastHandle {
  return pageToastStore().show(input);
}

export function dismissToast(id?: string): void {
  pageToastStore().dismiss(id);
}
