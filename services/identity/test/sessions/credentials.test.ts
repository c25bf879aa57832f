import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '@app/domain';
import { startedForFile } from '@app/test-support/started-for-file';
import {
  argon2Parameters,
  createCredentialStore,
  dummyPasswordHash,
  hashPassword,
  needsRehash,
  verifyPasswordHash,
} from '../../src/credentials/index.js';
import { openIdentityDatabase, strongPassword } from './login-harness.js';

const database = startedForFile(openIdentityDatabase);

async function storedHash(userId: string): Promise<string | undefined> {
  const { rows } = await database.pool.query<{ password_hash: string }>(
    'SELECT password_hash FROM identity.credentials WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.password_hash;
}

describe('password hashing', () => {
  it('uses argon2id at OWASP minimums or stronger', async () => {
    const hashed = await hashPassword(strongPassword);
    const [, algorithm, version, params] = hashed.split('$');
    expect(algorithm).toBe('argon2id');
    expect(version).toBe('v=19');
    const values = Object.fromEntries((params ?? '').split(',').map((pair) => pair.split('=')));
    expect(Number(values.m)).toBeGreaterThanOrEqual(19_456);
    expect(Number(values.t)).toBeGreaterThanOrEqual(2);
    expect(Number(values.p)).toBeGreaterThanOrEqual(1);
    expect(argon2Parameters.memoryCost).toBe(Number(values.m));
  });

  it('verifies the right password and refuses a wrong one; salts each hash', async () => {
    const first = await hashPassword(strongPassword);
    const second = await hashPassword(strongPassword);
    expect(first).not.toBe(second);
    expect(await verifyPasswordHash(first, strongPassword)).toBe(true);
    expect(await verifyPasswordHash(first, `${strongPassword}!`)).toBe(false);
  });

  it('treats the same password in composed and decomposed Unicode as one', async () => {
    const composed = 'crème brûlée for twelve';
    const hashed = await hashPassword(composed);
    expect(await verifyPasswordHash(hashed, composed.normalize('NFD'))).toBe(true);
  });

  it('answers false, not an exception, for a stored value that is no hash', async () => {
    expect(await verifyPasswordHash('not-a-hash', strongPassword)).toBe(false);
  });

  it('costs the same to check against the dummy hash as against a real one', async () => {
    const prefix = (value: string) => value.split('$').slice(0, 4).join('$');
    expect(prefix(await dummyPasswordHash())).toBe(prefix(await hashPassword(strongPassword)));
  });
});

describe('credential store', () => {
  it('stores only the hash, and verifies against it', async () => {
    const store = createCredentialStore(database.pool);
    const userId = randomUUID();
    await store.setPassword(userId, strongPassword);

    const stored = await storedHash(userId);
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(stored).not.toContain(strongPassword);
    expect(await store.verifyPassword(userId, strongPassword)).toBe(true);
    expect(await store.verifyPassword(userId, 'correct horse battery staple 43')).toBe(false);
  });

  it('replaces the hash when the password changes', async () => {
    const store = createCredentialStore(database.pool);
    const userId = randomUUID();
    await store.setPassword(userId, strongPassword);
    await store.setPassword(userId, 'a brand new passphrase here');

    expect(await store.verifyPassword(userId, strongPassword)).toBe(false);
    expect(await store.verifyPassword(userId, 'a brand new passphrase here')).toBe(true);
  });

  it('refuses a password that breaks the rules, naming the field', async () => {
    const store = createCredentialStore(database.pool);
    const userId = randomUUID();
    const refusal = store.setPassword(userId, 'Password1234');
    await expect(refusal).rejects.toBeInstanceOf(ValidationError);
    await expect(refusal).rejects.toMatchObject({
      message: 'This password is too common and easy to guess. Choose a different one.',
      errors: [{ path: 'password' }],
    });
    expect(await storedHash(userId)).toBeUndefined();
  });

  it('says no for an account without credentials and for no account at all', async () => {
    const store = createCredentialStore(database.pool);
    expect(await store.verifyPassword(randomUUID(), strongPassword)).toBe(false);
    expect(await store.verifyPassword(null, strongPassword)).toBe(false);
  });

  it('upgrades a hash made with weaker parameters at the next successful check', async () => {
    const store = createCredentialStore(database.pool);
    const userId = randomUUID();
    const weak = await hash(strongPassword, { algorithm: 2, memoryCost: 8_192, timeCost: 1, parallelism: 1 });
    expect(needsRehash(weak)).toBe(true);
    await store.savePasswordHash(userId, weak);

    expect(await store.verifyPassword(userId, 'wrong password entirely')).toBe(false);
    expect(await storedHash(userId)).toBe(weak);
    expect(await store.verifyPassword(userId, strongPassword)).toBe(true);
    const upgraded = await storedHash(userId);
    expect(upgraded).not.toBe(weak);
    expect(needsRehash(upgraded ?? '')).toBe(false);
  });
});
