import { useState } from 'react';

/**
 * A dialog's open state; closing it calls `onClose`, so a form dialog forgets the last attempt's errors
 * (mutation `reset`) and opens clean next time.
 */
export function useDialogOpen(onClose: () => void) {
  const [open, setOpen] = useState(false);
  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next) onClose();
  }
  return [open, changeOpen] as const;
}
