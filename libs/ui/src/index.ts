export { cn } from './lib/cn.js';
export { focusRing } from './lib/focus-ring.js';
export { lazyNamed } from './lib/lazy-named.js';
export { deferredView, type DeferredView } from './loading/deferred-view.js';
export { track, usePromise, type Settled } from './loading/settled.js';
export { searchDebounceMs, useDebouncedValue } from './lib/use-debounced-value.js';
export { formatUsd, sumAmounts, toAmount } from './lib/money.js';
export { formatDate, parseInstant } from './lib/dates.js';
export * from './components/alert-dialog.js';
export * from './components/avatar.js';
export * from './components/badge.js';
export * from './components/invoice-status-badge.js';
export * from './components/button.js';
export * from './components/card.js';
export * from './components/choice-list.js';
export * from './components/dialog.js';
export * from './components/dropdown-menu.js';
export * from './components/input.js';
export * from './components/label.js';
export * from './components/list-row.js';
export * from './components/list-states.js';
export * from './components/paged-list.js';
export * from './components/progress.js';
export * from './components/screen-loading.js';
export * from './components/search-box.js';
export * from './components/select.js';
export * from './components/sheet.js';
export * from './components/skeleton.js';
export * from './components/spinner.js';
export * from './components/stat-card.js';
export * from './components/switch.js';
export * from './components/table.js';
export * from './components/tabs.js';
export * from './components/virtual-list.js';
export * from './toast/toast.js';
export * from './toast/toaster.js';
export * from './toast/use-toast.js';
export {
  toast,
  dismissToast,
  toastLimit,
  toastRemoveDelayMs,
  type ToastEntry,
  type ToastHandle,
  type ToastInput,
  type ToastVariant,
} from './toast/toast-store.js';
