import { Button } from '@app/ui';
import { ApiError, errorDescription } from '@app/web-data';

/**
 * Why the change was not made, in the dialog so the customer can choose again: a declined upgrade charge (402)
 * in the card issuer's words, with "Use a new card", or the server's refusal. `waiting`: an upgrade its bank has
 * not confirmed yet (the 3-D Secure step), with why.
 */
export function PlanChangeFailure({
  error,
  waiting,
  onNewCard,
}: {
  error: Error;
  waiting: boolean;
  onNewCard: () => void;
}) {
  const declined = error instanceof ApiError && error.status === 402;
  return (
    <div
      role="alert"
      className="grid justify-items-start gap-1 rounded-lg border border-destructive p-3 text-sm"
    >
      <p className="font-semibold text-destructive">
        {waiting ? 'Payment not confirmed yet' : declined ? 'Payment failed' : 'The plan was not changed'}
      </p>
      <p>{errorDescription(error)}</p>
      {declined && (
        <Button type="button" variant="link" className="h-auto p-0" onClick={onNewCard}>
          Use a new card
        </Button>
      )}
    </div>
  );
}
