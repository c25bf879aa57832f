import { describe, expect, it } from 'vitest';
import { passwordChangeBody, passwordFormErrors } from '../../src/screens/settings/password-fields.js';
import { profileChanges } from '../../src/screens/settings/profile-fields.js';

const saved = { firstName: 'Casey', lastName: 'Customer', email: 'casey@example.test' };

describe('profileChanges', () => {
  it('is empty when only spaces or the letter case of the email differ', () => {
    expect(
      profileChanges(saved, { firstName: ' Casey ', lastName: 'Customer', email: 'CASEY@example.test' }),
    ).toEqual({});
  });

  it('keeps only the changed fields, trimmed; an emptied name is sent empty', () => {
    expect(
      profileChanges(saved, { firstName: 'Casey', lastName: '  ', email: ' new@example.test ' }),
    ).toEqual({
      lastName: '',
      email: 'new@example.test',
    });
  });
});

describe('passwordFormErrors', () => {
  const valid = { currentPassword: 'old', newPassword: 'twelve chars', confirmPassword: 'twelve chars' };

  it('passes a complete, matching, long enough new password', () => {
    expect(passwordFormErrors(valid)).toEqual({});
  });

  it('counts characters as typed, so eleven emoji plus one letter are twelve', () => {
    const emoji = `${'🔒'.repeat(11)}a`;
    expect(passwordFormErrors({ ...valid, newPassword: emoji, confirmPassword: emoji })).toEqual({});
    const short = 'eleven char';
    expect(passwordFormErrors({ ...valid, newPassword: short, confirmPassword: short }).newPassword).toBe(
      'Password must be at least 12 characters.',
    );
  });

  it('never sends the confirmation', () => {
    expect(passwordChangeBody(valid)).toEqual({ currentPassword: 'old', newPassword: 'twelve chars' });
  });
});
