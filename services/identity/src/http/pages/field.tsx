export interface FieldSpec {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autocomplete: string;
  max: number;
  min?: number;
  optional?: boolean;
  hint?: string;
}

export interface FieldState {
  /** What to fill in again; never pass a password back. */
  value?: string | undefined;
  error?: string | undefined;
  autofocus?: boolean;
  readonly?: boolean;
}

/**
 * One labelled input of the sign-in pages, its hint and its error tied to it with aria-describedby so a screen
 * reader reads them with the field.
 */
export function Field({ spec, state = {} }: { spec: FieldSpec; state?: FieldState }) {
  const { error, value } = state;
  const hintId = spec.hint ? `${spec.name}-hint` : undefined;
  const errorId = error ? `${spec.name}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={spec.name}>
        {spec.label}
        {spec.optional && (
          <>
            {' '}
            <span className="optional">(optional)</span>
          </>
        )}
      </label>
      <input
        id={spec.name}
        name={spec.name}
        type={spec.type}
        autoComplete={spec.autocomplete}
        maxLength={spec.max}
        minLength={spec.min}
        required={!spec.optional}
        readOnly={state.readonly}
        // The initial value only: nothing on these pages runs in the browser to control it.
        defaultValue={value || undefined}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy || undefined}
        autoFocus={state.autofocus}
      />
      {hintId && (
        <p className="hint" id={hintId}>
          {spec.hint}
        </p>
      )}
      {errorId && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The new-password field of sign-up, password setup and password change: the rules said where they apply. */
export const newPasswordField: FieldSpec = {
  name: 'password',
  label: 'Password',
  type: 'password',
  autocomplete: 'new-password',
  max: 128,
  min: 12,
  hint: 'At least 12 characters. Long passphrases are best; very common passwords are refused.',
};
