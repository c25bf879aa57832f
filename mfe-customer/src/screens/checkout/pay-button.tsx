import { Button, formatUsd } from '@app/ui';

/**
 * Complete Payment - ${price}/month, Processing... while busy (SPEC.md §2); disabled until the provider's form
 * is ready and while processing (SPEC.md §5).
 */
export function PayButton({
  price,
  ready,
  processing,
}: {
  price: number;
  ready: boolean;
  processing: boolean;
}) {
  return (
    <Button
      type="submit"
      size="lg"
      className="h-auto min-h-10 w-full whitespace-normal py-2"
      disabled={!ready || processing}
    >
      {processing ? 'Processing...' : `Complete Payment - ${formatUsd(price)}/month`}
    </Button>
  );
}
