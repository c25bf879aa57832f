import { describe, expect, it } from 'vitest';
import { sealedSecretSchema } from '../src/sealed-secret.js';

const sealed = { keyId: 'k2026a', iv: 'A'.repeat(16), ciphertext: 'abc_-', tag: 'B'.repeat(22) };

describe('sealedSecretSchema', () => {
  it('takes the four parts of a seal and nothing besides', () => {
    expect(sealedSecretSchema.safeParse(sealed).success).toBe(true);
    expect(sealedSecretSchema.safeParse({ ...sealed, extra: 'x' }).success).toBe(false);
  });
});
