import { Card, CardContent, CardHeader, CardTitle } from '@app/ui';
import { useState, type ReactNode } from 'react';
import { EditControls } from './edit-controls.js';

interface EditableCardProps<V> {
  title: string;
  /** What is edited, for the edit buttons' accessible names. */
  subject: string;
  pending: boolean;
  /** The form's values when editing starts, taken from what is loaded now. */
  start: () => V;
  /** Sends the values; calls `close` once they are saved. */
  onSave: (values: V, close: () => void) => void;
  view: ReactNode;
  /** For laying out the view and the form alike. */
  contentClassName?: string;
  form: (values: V, onChange: (values: V) => void) => ReactNode;
}

/**
 * A card with a view and an edit mode (SPEC.md §4 "Edit modes"). The form is filled each time editing starts,
 * so it follows the loaded data while not editing, and Cancel drops the changes.
 */
export function EditableCard<V>({
  title,
  subject,
  pending,
  start,
  onSave,
  view,
  contentClassName,
  form,
}: EditableCardProps<V>) {
  const [editing, setEditing] = useState<{ values: V } | null>(null);
  const close = () => setEditing(null);
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-3">
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
        <EditControls
          subject={subject}
          editing={editing !== null}
          pending={pending}
          onEdit={() => setEditing({ values: start() })}
          onSave={() => editing && onSave(editing.values, close)}
          onCancel={close}
        />
      </CardHeader>
      <CardContent className={contentClassName}>
        {editing ? form(editing.values, (values) => setEditing({ values })) : view}
      </CardContent>
    </Card>
  );
}
