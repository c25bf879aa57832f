import { toast } from '@app/ui';
import { errorDescription } from '@app/web-data';

/** A failed write's destructive toast: the screen's title over the server's reason (SPEC.md §8). */
export function toastFailure(title: string, error: Error): void {
  toast({ variant: 'destructive', title, description: errorDescription(error) });
}
