import { z } from 'zod';
import { passwordProblem } from '../credentials/password-policy.js';
import type { LoginField } from './pages/login-page.js';

/**
 * Form bodies and the query string are parsed leniently (a wrong type becomes empty): a hand-edited form must
 * get the page back with a message, never a JSON problem.
 */
const text = z.string().max(4096).catch('');

/** Loose: a link to the sign-in page may carry parameters of its own (service-kit's query guard). */
export const loginQuery = z.looseObject({
  mode: z.enum(['sign-in', 'sign-up']).catch('sign-in').default('sign-in'),
  returnTo: z.unknown().optional(),
});

export const signInBody = z.object({
  email: text,
  password: text,
  returnTo: z.unknown().optional(),
});

export const signUpBody = signInBody.extend({ firstName: text, lastName: text });

export type SignUpBody = z.output<typeof signUpBody>;

export const messages = {
  emailMissing: 'Enter your email address.',
  emailInvalid: 'Enter a valid email address, like name@example.com.',
  passwordMissing: 'Enter your password.',
  signInFailed: 'Incorrect email or password.',
  signUpFailed: 'We could not create an account with these details. If you already have an account, sign in.',
  fixFields: 'Please correct the highlighted fields.',
  crossSite: 'This form can only be sent from this site. Open the sign-in page and try again.',
  tooMany: (seconds: number) => `Too many sign-in attempts. Try again in ${seconds} s.`,
} as const;

/** Trimmed and lower-cased: one account per mailbox however it is typed. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const emailShape = z.email();

export function emailProblem(email: string): string | null {
  if (email.length === 0) return messages.emailMissing;
  if (email.length > 254 || !emailShape.safeParse(email).success) return messages.emailInvalid;
  return null;
}

export interface SignUpInput {
  email: string;
  password: string;
  firstName: string | null;
  lastName: string | null;
}

export type FieldErrors = Partial<Record<LoginField, string>>;

/** The sign-up form's rules, each field with its own sentence (shown beside the field). */
export function validateSignUp(body: SignUpBody): { input: SignUpInput } | { errors: FieldErrors } {
  const email = normalizeEmail(body.email);
  const firstName = body.firstName.trim();
  const lastName = body.lastName.trim();
  const errors: FieldErrors = {};
  const emailError = emailProblem(email);
  if (emailError !== null) errors.email = emailError;
  const passwordError = passwordProblem(body.password);
  if (passwordError !== null) errors.password = passwordError;
  if ([...firstName].length > 100) errors.firstName = 'First name must be at most 100 characters.';
  if ([...lastName].length > 100) errors.lastName = 'Last name must be at most 100 characters.';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    input: { email, password: body.password, firstName: firstName || null, lastName: lastName || null },
  };
}
