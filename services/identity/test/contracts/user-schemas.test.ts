import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changePasswordBodySchema,
  createdUserSchema,
  createUserBodySchema,
  patchUserBodySchema,
  updateOwnProfileBodySchema,
} from '@app/contracts';
import { userRegisteredSchema } from '../../src/domain/user/events.js';

function messages(input: unknown, schema: z.ZodType = createUserBodySchema): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('user payloads (SPEC.md §5 Add User, §7 user calls)', () => {
  it.each([
    [{}, 'Email is required'],
    [{ email: null }, 'Email is required'],
    [{ email: ' ' }, 'Email is required'],
    [{ email: 'casey' }, 'Enter a valid email address'],
    [{ email: 'casey@' }, 'Enter a valid email address'],
    [{ email: 42 }, 'Enter a valid email address'],
    [{ email: `${'x'.repeat(250)}@ex.test` }, 'Email must be at most 254 characters'],
  ])('rejects %o with "%s" only', (input, message) => {
    expect(messages(input)).toEqual([message]);
  });

  it("trims and lower-cases the email, empties names to null, and reads role 'user' as tenant", () => {
    expect(
      createUserBodySchema.parse({
        email: ' Casey@Demo.LOCAL ',
        firstName: ' ',
        lastName: ' Lee ',
        role: 'user',
      }),
    ).toEqual({ email: 'casey@demo.local', firstName: null, lastName: 'Lee', role: 'tenant' });
    expect(createUserBodySchema.parse({ email: 'a@b.co' })).toEqual({ email: 'a@b.co', role: 'tenant' });
    expect(createUserBodySchema.parse({ email: 'a@b.co', role: 'admin' }).role).toBe('admin');
  });

  it('takes any non-empty subset on PATCH, and no role on your own profile', () => {
    expect(patchUserBodySchema.parse({ role: 'user' })).toEqual({ role: 'tenant' });
    expect(messages({}, patchUserBodySchema)).toEqual(['Nothing to update: send at least one field']);
    expect(messages({ role: 'admin' }, updateOwnProfileBodySchema)).toContain('Unrecognized key: "role"');
    expect(updateOwnProfileBodySchema.parse({ lastName: '' })).toEqual({ lastName: null });
  });

  it('has no place for a password in a stored registration', () => {
    const data = {
      userId: '0196f2a0-0000-7000-8000-000000000001',
      email: 'a@b.co',
      firstName: null,
      lastName: null,
      role: 'tenant',
      registeredVia: 'sign-up',
      registeredAt: '2026-11-21T10:00:00.000Z',
    };
    const parsed = userRegisteredSchema.parse({ type: 'UserRegistered', data: { ...data, password: 'x' } });
    expect(parsed.data).toEqual(data);
  });
});

describe('password payloads', () => {
  it('takes exactly the current and the new password', () => {
    const body = { currentPassword: 'old one', newPassword: 'new one' };
    expect(changePasswordBodySchema.parse(body)).toEqual(body);
    expect(messages({ newPassword: 'x' }, changePasswordBodySchema)).toEqual([
      'Enter your current password.',
    ]);
    expect(messages({ ...body, currentPassword: '' }, changePasswordBodySchema)).toEqual([
      'Enter your current password.',
    ]);
    expect(changePasswordBodySchema.safeParse({ ...body, userId: 'someone' }).success).toBe(false);
  });

  it("adds the setup link to the created user's shape", () => {
    const link = { url: '/api/login/setup?token=abc', expiresAt: '2030-01-01T00:00:00.000Z' };
    const parsed = createdUserSchema.safeParse({ passwordSetup: link });
    expect(parsed.success).toBe(false);
    expect(createdUserSchema.shape.passwordSetup.parse(link)).toEqual(link);
  });
});
