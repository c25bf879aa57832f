import { Button } from '@app/ui';
import type { ComponentProps } from 'react';

interface UnavailableActionProps {
  id: string;
  label: string;
  variant: ComponentProps<typeof Button>['variant'];
}

/**
 * A control the spec shows but no service offers yet (Enable 2FA, Delete Account): visible, disabled, and
 * saying so in words, never pretending to work.
 */
export function UnavailableAction({ id, label, variant }: UnavailableActionProps) {
  const noteId = `${id}-unavailable`;
  return (
    <div className="grid gap-1">
      <Button type="button" variant={variant} disabled aria-describedby={noteId}>
        {label}
      </Button>
      <p id={noteId} className="text-xs text-muted-foreground">
        Not available yet
      </p>
    </div>
  );
}
