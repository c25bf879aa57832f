import { escapeHtml } from './login-html.js';

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
 * reader reads them with the field; every value is escaped.
 */
export function renderField(spec: FieldSpec, state: FieldState = {}): string {
  const { error, value } = state;
  const describedBy = [spec.hint ? `${spec.name}-hint` : '', error ? `${spec.name}-error` : ''].filter(
    Boolean,
  );
  const attributes = [
    `id="${spec.name}"`,
    `name="${spec.name}"`,
    `type="${spec.type}"`,
    `autocomplete="${spec.autocomplete}"`,
    `maxlength="${spec.max}"`,
    spec.min === undefined ? '' : `minlength="${spec.min}"`,
    spec.optional ? '' : 'required',
    state.readonly ? 'readonly' : '',
    value ? `value="${escapeHtml(value)}"` : '',
    error ? 'aria-invalid="true"' : '',
    describedBy.length > 0 ? `aria-describedby="${describedBy.join(' ')}"` : '',
    state.autofocus ? 'autofocus' : '',
  ].filter(Boolean);
  const optional = spec.optional ? ' <span class="optional">(optional)</span>' : '';
  return [
    '<div class="field">',
    `<label for="${spec.name}">${escapeHtml(spec.label)}${optional}</label>`,
    `<input ${attributes.join(' ')}>`,
    spec.hint ? `<p class="hint" id="${spec.name}-hint">${escapeHtml(spec.hint)}</p>` : '',
    error ? `<p class="field-error" id="${spec.name}-error">${escapeHtml(error)}</p>` : '',
    '</div>',
  ]
    .filter(Boolean)
    .join('\n');
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
