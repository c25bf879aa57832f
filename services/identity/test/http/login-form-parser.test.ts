import { describe, expect, it } from 'vitest';
import { parseLoginForm } from '../../src/http/login-form-parser.js';

describe('the sign-in pages’ form parser', () => {
  it('decodes fields as browsers encode them: UTF-8 escapes, + for a space', () => {
    const fields = parseLoginForm(
      'email=casey%40demo.local&firstName=Ana+Mar%C3%ADa&note=%F0%9F%9A%80&empty=&flag',
    );

    expect({ ...fields }).toEqual({
      email: 'casey@demo.local',
      firstName: 'Ana María',
      note: '🚀',
      empty: '',
      flag: '',
    });
  });

  it('keeps every value of a field sent twice, and treats __proto__ as a plain field', () => {
    const fields = parseLoginForm('email=a&email=b&__proto__=x');

    expect(fields.email).toEqual(['a', 'b']);
    expect(fields.__proto__).toBe('x');
    expect(Object.getPrototypeOf(fields)).toBeNull();
  });

  it.each([
    ['a lone high surrogate, as its three bytes', 'email=%ED%A0%80'],
    ['a lone low surrogate', 'email=x%ED%B0%80'],
    ['a byte that starts no UTF-8 character', 'email=%FF'],
    ['a truncated escape', 'email=%E0%A4%A'],
    ['a malformed escape', 'email=%ZZ'],
  ])('refuses %s with a 400 problem naming the field', (_case, body) => {
    expect(() => parseLoginForm(`password=secret&${body}`)).toThrow(
      expect.objectContaining({
        status: 400,
        type: 'urn:problem:unstorable-text',
        errors: [{ path: 'email', message: 'Not valid text' }],
      }),
    );
  });
});
