import { Card, CardDescription, CardHeader, CardTitle } from '@app/ui';

/**
 * A details page with nothing to show (not found, failed): a card whose heading is the page's h1. `alert`
 * announces it at once, for a failure.
 */
export function PageMessage({
  title,
  description,
  alert = false,
}: {
  title: string;
  description?: string;
  alert?: boolean;
}) {
  return (
    <Card role={alert ? 'alert' : undefined}>
      <CardHeader>
        <CardTitle asChild>
          <h1>{title}</h1>
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
    </Card>
  );
}
