import { newPasswordField, renderField, type FieldSpec } from './login-field.js';
import { escapeHtml } from './login-html.js';
import { renderPageShell } from './login-page-shell.js';

export type SetupField = 'password' | 'confirmPassword';

export interface SetupPageView {
  productName: string;
  /** The link's token, posted back with the form (never shown). */
  token: string;
  /** Whose password this is: shown, and offered to password managers as the username. */
  email: string;
  formError?: string;
  fieldErrors?: Partial<Record<SetupField, string>>;
}

const confirmField: FieldSpec = {
  name: 'confirmPassword',
  label: 'Confirm password',
  type: 'password',
  autocomplete: 'new-password',
  max: 128,
  min: 12,
};

/**
 * "Choose your password", reached from the one-time link an administrator handed over. Same look and rules as
 * sign-up; the read-only email lets a password manager store the new password under the right account.
 */
export function renderSetupPage(view: SetupPageView): string {
  const errors = view.fieldErrors ?? {};
  const focus: SetupField =
    errors.password === undefined && errors.confirmPassword !== undefined ? 'confirmPassword' : 'password';
  return renderPageShell({
    productName: view.productName,
    title: 'Choose your password',
    main: `<h1 id="page-title">Choose your password</h1>
<p class="lead">Set the password you will sign in with from now on.</p>
<div class="alert" id="form-status" role="alert" aria-live="assertive">${escapeHtml(view.formError ?? '')}</div>
<form method="post" action="/api/login/setup">
<input type="hidden" name="token" value="${escapeHtml(view.token)}">
${renderField(
  { name: 'email', label: 'Email address', type: 'email', autocomplete: 'username', max: 254 },
  { value: view.email, readonly: true },
)}
${renderField(newPasswordField, { error: errors.password, autofocus: focus === 'password' })}
${renderField(confirmField, { error: errors.confirmPassword, autofocus: focus === 'confirmPassword' })}
<button type="submit">Set password and sign in</button>
</form>`,
  });
}
