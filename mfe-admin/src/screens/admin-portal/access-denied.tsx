import { Card, CardDescription, CardHeader, CardTitle } from '@app/ui';
import { ShieldAlert } from 'lucide-react';

/** SPEC.md §2 and §6: what a non-admin sees on the Admin Portal, whatever let them reach it. */
export function AccessDenied() {
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card>
        <CardHeader className="items-center text-center">
          <ShieldAlert className="size-10 text-destructive" aria-hidden />
          <CardTitle asChild>
            <h1>Access Denied</h1>
          </CardTitle>
          <CardDescription>Admin privileges required to access this portal.</CardDescription>
        </CardHeader>
      </Card>
    </div>
  );
}
