import { escapeHtml } from './login-html.js';
import { loginPageStyles } from './login-page-styles.js';

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
  const name = escapeHtml(view.productName);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(text.title)} · ${name}</title>
<style>${loginPageStyles}</style>
</head>
<body>
<header class="brand"><a href="/">${logo}<span>${name}</span></a></header>
<main class="card" aria-labelledby="page-title">
${tabs(view)}
<h1 id="page-title">${escapeHtml(text.heading)}</h1>
<p class="lead">${escapeHtml(text.lead)}</p>
<div class="alert" id="form-status" role="alert" aria-live="assertive">${escapeHtml(view.formError ?? '')}</div>
<form method="post" action="${text.action}">
<input type="hidden" name="returnTo" value="${escapeHtml(view.returnTo)}">
${view.mode === 'sign-up' ? signUpFields(view) : signInFields(view)}
<button type="submit">${escapeHtml(text.submit)}</button>
</form>
${switchLine(view)}
</main>
<p class="back"><a href="/">&larr; Back to home</a></p>
</body>
</html>
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
    field(view, {
      name: 'password',
      label: 'Password',
      type: 'password',
      autocomplete: 'new-password',
      max: 128,
      min: 12,
      hint: 'At least 12 characters. Long passphrases are best; very common passwords are refused.',
    }),
  ].join('\n');
}

interface FieldSpec {
  name: LoginField;
  label: string;
  type: 'email' | 'password' | 'text';
  autocomplete: string;
  max: number;
  min?: number;
  optional?: boolean;
  hint?: string;
}

function field(view: LoginPageView, spec: FieldSpec): string {
  const error = view.fieldErrors?.[spec.name];
  const value = spec.name === 'password' ? undefined : view.values?.[spec.name];
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
    value ? `value="${escapeHtml(value)}"` : '',
    error ? 'aria-invalid="true"' : '',
    describedBy.length > 0 ? `aria-describedby="${describedBy.join(' ')}"` : '',
    autofocused(view) === spec.name ? 'autofocus' : '',
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

/** The first field with an error, else where typing starts (email; the password after a failed sign-in). */
function autofocused(view: LoginPageView): LoginField {
  const order: LoginField[] =
    view.mode === 'sign-up' ? ['firstName', 'lastName', 'email', 'password'] : ['email', 'password'];
  const firstError = order.find((name) => view.fieldErrors?.[name] !== undefined);
  if (firstError !== undefined) return firstError;
  if (view.mode === 'sign-in' && view.formError !== undefined && view.values?.email) return 'password';
  return view.mode === 'sign-up' ? 'firstName' : 'email';
}

/** Stacked layers: tenants on one platform. Decorative, so hidden from assistive technology. */
const logo = `<svg viewBox="0 0 36 36" aria-hidden="true" focusable="false"><rect width="36" height="36" rx="9" fill="#2563eb"/><path d="M18 8 8 13l10 5 10-5-10-5ZM8 18l10 5 10-5M8 23l10 5 10-5" fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
