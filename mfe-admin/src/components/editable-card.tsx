import { SectionCard } from '@app/ui';
import { useState, type ReactNode } from 'react';
import { EditControls } from './edit-controls.js';
import { resultToasts, type ResultTexts } from './result-toasts.js';

/** The write that saves a card: a `useMutation` result. */
interface SaveMutation<TVariables> {
  mutate: (variables: TVariables, callbacks: ReturnType<typeof resultToasts>) => void;
  isPending: boolean;
}

interface EditableCardProps<V, TVariables> {
  title: string;
  /** What is edited, for the edit buttons' accessible names. */
  subject: string;
  /** The form's values when editing starts, taken from what is loaded now. */
  start: () => V;
  mutation: SaveMutation<TVariables>;
  /** What Save sends for the form's values. */
  variables: (values: V) => TVariables;
  /** The result toasts of a save (SPEC.md §4). */
  toasts: ResultTexts;
  view: ReactNode;
  /** For laying out the view and the form alike. */
  contentClassName?: string;
  form: (values: V, onChange: (values: V) => void) => ReactNode;
}

/**
 * A card with a view and an edit mode (SPEC.md §4 "Edit modes"). The form is filled each time editing starts,
 * so it follows the loaded data while not editing, and Cancel drops the changes. Save sends the values through
 * `mutation` and closes the form once they are saved; a failure keeps it open with what was typed.
 */
export function EditableCard<V, TVariables>({
  title,
  subject,
  start,
  mutation,
  variables,
  toasts,
  view,
  contentClassName,
  form,
}: EditableCardProps<V, TVariables>) {
  const [editing, setEditing] = useState<{ values: V } | null>(null);
  const close = () => setEditing(null);
  return (
    <SectionCard
      title={title}
      headerClassName="flex flex-row items-center justify-between gap-3"
      action={
        <EditControls
          subject={subject}
          editing={editing !== null}
          pending={mutation.isPending}
          onEdit={() => setEditing({ values: start() })}
          onSave={() => editing && mutation.mutate(variables(editing.values), resultToasts(toasts, close))}
          onCancel={close}
        />
      }
      contentClassName={contentClassName}
    >
      {editing ? form(editing.values, (values) => setEditing({ values })) : view}
    </SectionCard>
  );
}
