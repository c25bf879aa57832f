import { Button, Card, CardContent } from '@app/ui';
import { Link } from '@app/routing';

/** SPEC.md §2 "Checkout" fallback page, for whatever else keeps the checkout from loading. */
export function CheckoutFallback() {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md items-center px-4 py-10">
      <Card className="w-full text-center">
        <CardContent className="grid justify-items-center gap-4 p-8">
          <h1 className="text-2xl font-bold text-foreground">Unable to Load Checkout</h1>
          <Button asChild>
            <Link to="/catalog">Back to Catalog</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
