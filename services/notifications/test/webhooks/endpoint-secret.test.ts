import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { SecretDecryptionError, parseKeyRing } from '@app/secrets';
import {
  newEndpointSecret,
  openEndpointSecret,
  sealEndpointSecret,
} from '../../src/webhooks/endpoint-secret.js';

const ring = parseKeyRing(`k2026a:${randomBytes(32).toString('base64')}`);
const endpointId = '0196f2a0-0000-7000-8000-0000000000e1';
const otherEndpointId = '0196f2a0-0000-7000-8000-0000000000e2';

describe('endpoint secrets', () => {
  it('are Standard Webhooks secrets of 32 random bytes, a new one each time', () => {
    const secret = newEndpointSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(newEndpointSecret()).not.toBe(secret);
    expect(() => new Webhook(secret)).not.toThrow();
  });

  it('are sealed for their endpoint alone', () => {
    const secret = newEndpointSecret();
    const sealed = sealEndpointSecret(ring, endpointId, secret);
    expect(JSON.stringify(sealed)).not.toContain(secret.slice('whsec_'.length));
    expect(openEndpointSecret(ring, endpointId, sealed)).toBe(secret);
    expect(() => openEndpointSecret(ring, otherEndpointId, sealed)).toThrow(SecretDecryptionError);
  });
});
