import { newPasswordField, renderField, type FieldSpec } from './login-field.js';
import { escapeHtml } from './login-html.js';
import { renderPageShell } from './login-page-shell.js';

export type LoginMode = 'sign-in' | 'sign-up';
export type LoginField = 'email' | 'password' | 'firstName' | 'lastName';

export interface LoginPageView {
  productName: string;
  mode: LoginMode;
  /** Already checked by safeReturnTo; still escaped like every other value. */
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

/**
 * The sign-in / sign-up page (SPEC.md §2: /api/login is a navigation; Get Started and Start Free Trial land here
 * with ?mode=sign-up). Plain HTML forms, so it works without JavaScript; every reflected value is escaped.
 */
export function renderLoginPage(view: LoginPageView): string {
  const text = copy[view.mode];
  return renderPageShell({
    productName: view.productName,
    title: text.title,
    main: `${tabs(view)}
<h1 id="page-title">${escapeHtml(text.heading)}</h1>
<p class="lead">${escapeHtml(text.lead)}</p>
<div class="alert" id="form-status" role="alert" aria-live="assertive">${escapeHtml(view.formError ?? '')}</div>
<form method="post" action="${text.action}">
<input type="hidden" name="returnTo" value="${escapeHtml(view.returnTo)}">
${view.mode === 'sign-up' ? signUpFields(view) : signInFields(view)}
<button type="submit">${escapeHtml(text.submit)}</button>
</form>
${singleSignOn(view)}${switchLine(view)}`,
  });
}

/** The "Sign in with <provider>" link, when an OpenID Connect provider is configured. */
function singleSignOn(view: LoginPageView): string {
  if (view.singleSignOn === undefined) return '';
  const query =
    view.returnTo === '/' ? '' : `?${new URLSearchParams({ returnTo: view.returnTo }).toString()}`;
  const label = `Sign in with ${view.singleSignOn.providerName}`;
  return `<p class="divider"><span>or</span></p>
<a class="sso" href="${escapeHtml(`/api/login/oidc${query}`)}">${escapeHtml(label)}</a>
`;
}

function loginHref(mode: LoginMode, returnTo: string): string {
  const query = new URLSearchParams();
  if (mode === 'sign-up') query.set('mode', mode);
  if (returnTo !== '/') query.set('returnTo', returnTo);
  const search = query.toString();
  return escapeHtml(search === '' ? '/api/login' : `/api/login?${search}`);
}

function tabs(view: LoginPageView): string {
  const tab = (mode: LoginMode, label: string) =>
    `<a href="${loginHref(mode, view.returnTo)}"${view.mode === mode ? ' aria-current="page"' : ''}>${label}</a>`;
  return `<nav class="tabs" aria-label="Sign in or create an account">${tab('sign-in', 'Sign in')}${tab('sign-up', 'Create account')}</nav>`;
}

function switchLine(view: LoginPageView): string {
  return view.mode === 'sign-in'
    ? `<p class="switch">New here? <a href="${loginHref('sign-up', view.returnTo)}">Create an account</a></p>`
    : `<p class="switch">Already have an account? <a href="${loginHref('sign-in', view.returnTo)}">Sign in</a></p>`;
}

function signInFields(view: LoginPageView): string {
  return [
    field(view, { name: 'email', label: 'Email address', type: 'email', autocomplete: 'username', max: 254 }),
    field(view, {
      name: 'password',
      label: 'Password',
      type: 'password',
      autocomplete: 'current-password',
      max: 1024,
    }),
  ].join('\n');
}

function signUpFields(view: LoginPageView): string {
  const names = [
    field(view, {
      name: 'firstName',
      label: 'First name',
      type: 'text',
      autocomplete: 'given-name',
      max: 100,
      optional: true,
    }),
    field(view, {
      name: 'lastName',
      label: 'Last name',
      type: 'text',
      autocomplete: 'family-name',
      max: 100,
      optional: true,
    }),
  ];
  return [
    `<div class="row">${names.join('')}</div>`,
    field(view, { name: 'email', label: 'Email address', type: 'email', autocomplete: 'email', max: 254 }),
    field(view, { ...newPasswordField, name: 'password' }),
  ].join('\n');
}

function field(view: LoginPageView, spec: FieldSpec & { name: LoginField }): string {
  return renderField(spec, {
    value: spec.name === 'password' ? undefined : view.values?.[spec.name],
    error: view.fieldErrors?.[spec.name],
    autofocus: autofocused(view) === spec.name,
  });
}

/** The first field with an error, else where typing starts (email; the password after a failed sign-in). */
function autofocused(view: LoginPageView): LoginField {
  const order: LoginField[] =
    view.mode === 'sign-up' ? ['firstName', 'lastName', 'email', 'password'] : ['email', 'password'];
  const firstError = order.find((name) => view.fieldErrors?.[name] !== undefined);
  if (firstError !== undefined) return firstError;
  if (view.mode === 'sign-in' && view.formError !== undefined && view.values?.email) return 'password';
  return view.mode === 'sign-up' ? 'firstName' : 'email';
}
