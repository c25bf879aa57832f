import { Button, Card, CardContent } from '@app/ui';
import { AlertCircleIcon } from 'lucide-react';
import { Link } from '@app/routing';

/** Any path outside the route table (SPEC.md §2). */
export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="flex items-center gap-2">
            <AlertCircleIcon className="size-8 text-destructive" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-foreground">Page Not Found</h1>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">
            The page you are looking for does not exist or has moved.
          </p>
          <Button asChild className="mt-6">
            <Link to="/">Go Home</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
