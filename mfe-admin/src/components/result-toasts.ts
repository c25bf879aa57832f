import { toast } from '@app/ui';
import { errorDescription } from '@app/web-data';

/** The titles of a write's success and failure toasts. */
export interface ResultTexts {
  success: string;
  failure: string;
}

/**
 * A mutation's callbacks for the spec's result toasts (SPEC.md §4): the success toast then `onDone` if given, or the
 * failure toast with the server's reason; on failure the form stays open so nothing typed is lost.
 */
export function resultToasts<D>(texts: ResultTexts, onDone?: (data: D) => void) {
  return {
    onSuccess: (data: D) => {
      toast({ title: texts.success });
      onDone?.(data);
    },
    onError: (error: Error) =>
      toast({ variant: 'destructive', title: texts.failure, description: errorDescription(error) }),
  };
}
