import { describe, expect, it } from 'vitest';
import { commonPasswords } from '../../src/credentials/common-passwords.js';
import { passwordMessages, passwordProblem } from '../../src/credentials/index.js';

describe('password rules', () => {
  it('accepts a long, uncommon password', () => {
    expect(passwordProblem('violet tractor summons 9 geese')).toBeNull();
  });

  it('asks for a password when none is given', () => {
    expect(passwordProblem('')).toBe('Enter a password.');
  });

  it('needs at least 12 characters, counted as a person counts them', () => {
    expect(passwordProblem('a'.repeat(11))).toBe('Password must be at least 12 characters.');
    expect(passwordProblem('Xq9!vR2#mK4')).toBe(passwordMessages.tooShort);
    expect(passwordProblem('Xq9!vR2#mK4$')).toBeNull();
    // Eleven emoji are 22 UTF-16 units but still too short.
    expect(passwordProblem('🔑'.repeat(11))).toBe(passwordMessages.tooShort);
  });

  it('allows 128 characters and refuses 129', () => {
    expect(passwordProblem('k7'.repeat(64))).toBeNull();
    expect(passwordProblem(`${'k7'.repeat(64)}x`)).toBe('Password must be at most 128 characters.');
  });

  it('refuses common passwords whatever their case', () => {
    expect(passwordProblem('password1234')).toBe(
      'This password is too common and easy to guess. Choose a different one.',
    );
    expect(passwordProblem('PassWord1234')).toBe(passwordMessages.tooCommon);
    expect(passwordProblem('QWERTYUIOP123')).toBe(passwordMessages.tooCommon);
  });

  it('ships a list of about two hundred entries, stored lower-cased', () => {
    expect(commonPasswords.size).toBeGreaterThanOrEqual(180);
    for (const entry of commonPasswords) expect(entry).toBe(entry.toLowerCase());
  });
});
