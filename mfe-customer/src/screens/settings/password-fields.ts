import { passwordMinLength, type ChangePasswordBody } from '@app/contracts';

export interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordField = keyof PasswordValues;

export const emptyPasswordValues: PasswordValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

export const passwordFormMessages = {
  currentMissing: 'Enter your current password.',
  newMissing: 'Enter a new password.',
  tooShort: `Password must be at least ${passwordMinLength} characters.`,
  sameAsCurrent: 'Choose a new password that is different from your current one.',
  confirmMissing: 'Confirm your new password.',
  mismatch: 'The passwords do not match.',
} as const;

/** Counted as identity counts: after NFKC, in characters as typed (an emoji is one), not UTF-16 units. */
function length(password: string): number {
  return [...password.normalize('NFKC')].length;
}

/**
 * What stops the form before any call, field by field; empty when it may be sent. Identity checks the same
 * rules again (and the common-password list, which only it has), so these only spare a round trip.
 */
export function passwordFormErrors(values: PasswordValues): Partial<Record<PasswordField, string>> {
  const { currentPassword, newPassword, confirmPassword } = values;
  const errors: Partial<Record<PasswordField, string>> = {};
  if (currentPassword === '') errors.currentPassword = passwordFormMessages.currentMissing;
  if (newPassword === '') errors.newPassword = passwordFormMessages.newMissing;
  else if (length(newPassword) < passwordMinLength) errors.newPassword = passwordFormMessages.tooShort;
  else if (newPassword.normalize('NFKC') === currentPassword.normalize('NFKC')) {
    errors.newPassword = passwordFormMessages.sameAsCurrent;
  }
  if (confirmPassword === '') errors.confirmPassword = passwordFormMessages.confirmMissing;
  else if (confirmPassword !== newPassword) errors.confirmPassword = passwordFormMessages.mismatch;
  return errors;
}

/** The confirmation stays in the browser: identity needs only the current and the new password. */
export function passwordChangeBody(values: PasswordValues): ChangePasswordBody {
  return { currentPassword: values.currentPassword, newPassword: values.newPassword };
}
