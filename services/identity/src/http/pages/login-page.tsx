import { Field, newPasswordField, type FieldSpec } from './field.js';
import { loginHref, singleSignOnHref, type LoginMode } from './login-links.js';
import { FormStatus, PageShell } from './page-shell.js';

export type LoginField = 'email' | 'password' | 'firstName' | 'lastName';

export interface LoginPageView {
  productName: string;
  mode: LoginMode;
  /** Already checked by safeReturnTo. */
  returnTo: string;
  /** What the user typed, to fill the form again. Never the password. */
  values?: Partial<Record<Exclude<LoginField, 'password'>, string>>;
  /** The sentence for the whole form, read out by screen readers (role="alert"). */
  formError?: string;
  fieldErrors?: Partial<Record<LoginField, string>>;
  /** Offers "Sign in with <providerName>" when OpenID Connect is configured. */
  singleSignOn?: { providerName: string };
}

const copy = {
  'sign-in': {
    title: 'Sign in',
    heading: 'Welcome back',
    lead: 'Sign in to manage your subscriptions, usage and billing.',
    submit: 'Sign in',
    action: '/api/login',
  },
  'sign-up': {
    title: 'Create your account',
    heading: 'Create your account',
    lead: 'Start your free trial: pick products from the catalogue and subscribe in minutes.',
    submit: 'Create account',
    action: '/api/login/sign-up',
  },
} as const;

type LoginFieldSpec = FieldSpec & { name: LoginField };

const emailField = { name: 'email', label: 'Email address', type: 'email', max: 254 } as const;

const signInFields: LoginFieldSpec[] = [
  { ...emailField, autocomplete: 'username' },
  { name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', max: 1024 },
];

/** Side by side on sign-up, above the email address. */
const nameFields: LoginFieldSpec[] = [
  {
    name: 'firstName',
    label: 'First name',
    type: 'text',
    autocomplete: 'given-name',
    max: 100,
    optional: true,
  },
  {
    name: 'lastName',
    label: 'Last name',
    type: 'text',
    autocomplete: 'family-name',
    max: 100,
    optional: true,
  },
];

const signUpFields: LoginFieldSpec[] = [
  { ...emailField, autocomplete: 'email' },
  { ...newPasswordField, name: 'password' },
];

/**
 * The sign-in / sign-up page (SPEC.md §2: /api/login is a navigation; Get Started and Start Free Trial land here
 * with ?mode=sign-up). Plain HTML forms, so it works without JavaScript.
 */
export function LoginPage(view: LoginPageView) {
  const text = copy[view.mode];
  const focused = autofocused(view);
  const field = (spec: LoginFieldSpec) => (
    <Field
      key={spec.name}
      spec={spec}
      state={{
        value: spec.name === 'password' ? undefined : view.values?.[spec.name],
        error: view.fieldErrors?.[spec.name],
        autofocus: focused === spec.name,
      }}
    />
  );
  return (
    <PageShell productName={view.productName} title={text.title}>
      <Tabs mode={view.mode} returnTo={view.returnTo} />
      <h1 id="page-title">{text.heading}</h1>
      <p className="lead">{text.lead}</p>
      <FormStatus message={view.formError} />
      <form method="post" action={text.action}>
        <input type="hidden" name="returnTo" defaultValue={view.returnTo} />
        {view.mode === 'sign-up' && <div className="row">{nameFields.map(field)}</div>}
        {(view.mode === 'sign-up' ? signUpFields : signInFields).map(field)}
        <button type="submit">{text.submit}</button>
      </form>
      {view.singleSignOn && (
        <>
          <p className="divider">
            <span>or</span>
          </p>
          <a className="sso" href={singleSignOnHref(view.returnTo)}>
            Sign in with {view.singleSignOn.providerName}
          </a>
        </>
      )}
      <SwitchLine mode={view.mode} returnTo={view.returnTo} />
    </PageShell>
  );
}

function Tabs({ mode, returnTo }: { mode: LoginMode; returnTo: string }) {
  const tab = (tabMode: LoginMode, label: string) => (
    <a href={loginHref(tabMode, returnTo)} aria-current={mode === tabMode ? 'page' : undefined}>
      {label}
    </a>
  );
  return (
    <nav className="tabs" aria-label="Sign in or create an account">
      {tab('sign-in', 'Sign in')}
      {tab('sign-up', 'Create account')}
    </nav>
  );
}

function SwitchLine({ mode, returnTo }: { mode: LoginMode; returnTo: string }) {
  return mode === 'sign-in' ? (
    <p className="switch">
      New here? <a href={loginHref('sign-up', returnTo)}>Create an account</a>
    </p>
  ) : (
    <p className="switch">
      Already have an account? <a href={loginHref('sign-in', returnTo)}>Sign in</a>
    </p>
  );
}

/** The first field with an error, else where typing starts (email; the password after a failed sign-in). */
function autofocused(view: LoginPageView): LoginField {
  const order = view.mode === 'sign-up' ? [...nameFields, ...signUpFields] : signInFields;
  const firstError = order.find((spec) => view.fieldErrors?.[spec.name] !== undefined);
  if (firstError !== undefined) return firstError.name;
  if (view.mode === 'sign-in' && view.formError !== undefined && view.values?.email) return 'password';
  return view.mode === 'sign-up' ? 'firstName' : 'email';
}
