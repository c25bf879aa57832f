import { Button } from '@app/ui';
import { Pencil, Save, X } from 'lucide-react';

interface EditControlsProps {
  /** What is edited, for the buttons' accessible names ("Edit product information"). */
  subject: string;
  editing: boolean;
  pending: boolean;
  onEdit: () => void;
  onSave: () => void;
  onCancel: () => void;
}

/** A card's edit toggle (SPEC.md §4 "Edit modes"): an Edit icon, then Save and Cancel icons while editing. */
export function EditControls({ subject, editing, pending, onEdit, onSave, onCancel }: EditControlsProps) {
  if (!editing) {
    return (
      <Button type="button" variant="outline" size="icon" aria-label={`Edit ${subject}`} onClick={onEdit}>
        <Pencil aria-hidden />
      </Button>
    );
  }
  return (
    <div className="flex gap-2">
      <Button type="button" size="icon" aria-label={`Save ${subject}`} disabled={pending} onClick={onSave}>
        <Save aria-hidden />
      </Button>
      <Button
        type="button"
        variant="outline"
        size="icon"
        aria-label={`Cancel editing ${subject}`}
        disabled={pending}
        onClick={onCancel}
      >
        <X aria-hidden />
      </Button>
    </div>
  );
}
