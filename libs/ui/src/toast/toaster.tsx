import { dismissToast } from './toast-store.js';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast.js';
import { useToast } from './use-toast.js';

/** SPEC.md §9 toast constants. */
export const toastDurationMs = 5000;
export const toastSwipeThreshold = 50;
export const toastHotkey = ['F8'];

/**
 * Renders the page's toasts; mount it once, in the shell. Toasts close after 5 s (paused while hovered or
 * focused), swipe right past 50 px to dismiss, and F8 moves keyboard focus to them.
 */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastProvider duration={toastDurationMs} swipeDirection="right" swipeThreshold={toastSwipeThreshold}>
      {toasts.map(({ id, title, description, action, variant, open, duration }) => (
        <Toast
          key={id}
          variant={variant}
          open={open}
          duration={duration}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismissToast(id);
          }}
        >
          <div className="grid gap-1">
            {title !== undefined && <ToastTitle>{title}</ToastTitle>}
            {description !== undefined && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={toastHotkey} />
    </ToastProvider>
  );
}
