import { errorDescription } from '@app/web-data';
import { toast } from '../toast/toast-store.js';

/**
 * A webhook write's result toasts, as every screen words them (SPEC.md §4, §8): the success title, or the
 * destructive failure title over the server's reason.
 */
export function webhookToasts<D>(success: string, failure: string, onDone?: (data: D) => void) {
  return {
    onSuccess: (data: D) => {
      toast({ title: success });
      onDone?.(data);
    },
    onError: (error: Error) =>
      toast({ variant: 'destructive', title: failure, description: errorDescription(error) }),
  };
}
