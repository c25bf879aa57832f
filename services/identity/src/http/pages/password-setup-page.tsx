import { Field, newPasswordField, type FieldSpec } from './field.js';
import { FormStatus, PageShell } from './page-shell.js';

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

const emailField: FieldSpec = {
  name: 'email',
  label: 'Email address',
  type: 'email',
  autocomplete: 'username',
  max: 254,
};

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
export function PasswordSetupPage(view: SetupPageView) {
  const errors = view.fieldErrors ?? {};
  const focus: SetupField =
    errors.password === undefined && errors.confirmPassword !== undefined ? 'confirmPassword' : 'password';
  return (
    <PageShell productName={view.productName} title="Choose your password">
      <h1 id="page-title">Choose your password</h1>
      <p className="lead">Set the password you will sign in with from now on.</p>
      <FormStatus message={view.formError} />
      <form method="post" action="/api/login/setup">
        <input type="hidden" name="token" defaultValue={view.token} />
        <Field spec={emailField} state={{ value: view.email, readonly: true }} />
        <Field spec={newPasswordField} state={{ error: errors.password, autofocus: focus === 'password' }} />
        <Field
          spec={confirmField}
          state={{ error: errors.confirmPassword, autofocus: focus === 'confirmPassword' }}
        />
        <button type="submit">Set password and sign in</button>
      </form>
    </PageShell>
  );
}
