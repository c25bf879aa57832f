import { describe, expect, it } from 'vitest';
import { loadConfig, oidcSettings } from '../src/config.js';

const base = {
  DATABASE_URL: 'postgres://localhost/identity',
  NATS_URL: 'nats://127.0.0.1:4222',
  INTERNAL_TOKEN_SECRET: 'x'.repeat(32),
};
const provider = {
  OIDC_ISSUER_URL: 'https://login.example.com',
  OIDC_CLIENT_ID: 'fintech-hub',
  OIDC_CLIENT_SECRET: 'shh',
};

describe('identity configuration', () => {
  it('has no single sign-on and relative setup links by default', () => {
    const config = loadConfig(base);
    expect(config.PUBLIC_URL).toBeUndefined();
    expect(oidcSettings(config)).toBeUndefined();
  });

  it('derives the callback from PUBLIC_URL and names the provider', () => {
    const config = loadConfig({
      ...base,
      ...provider,
      PUBLIC_URL: 'https://app.example.com',
      OIDC_PROVIDER_NAME: 'Okta',
    });
    expect(oidcSettings(config)).toEqual({
      issuerUrl: 'https://login.example.com',
      clientId: 'fintech-hub',
      clientSecret: 'shh',
      redirectUrl: 'https://app.example.com/api/login/oidc/callback',
      providerName: 'Okta',
    });
  });

  it('takes an explicit OIDC_REDIRECT_URL, and calls the provider SSO unless named', () => {
    const redirect = 'https://id.example.com/cb';
    const settings = oidcSettings(loadConfig({ ...base, ...provider, OIDC_REDIRECT_URL: redirect }));
    expect(settings).toMatchObject({ redirectUrl: redirect, providerName: 'SSO' });
  });

  it('refuses an incomplete or stray provider configuration at startup', () => {
    expect(() => loadConfig({ ...base, OIDC_ISSUER_URL: provider.OIDC_ISSUER_URL })).toThrow(
      /OIDC_CLIENT_ID: is required when OIDC_ISSUER_URL is set[\s\S]*OIDC_CLIENT_SECRET[\s\S]*PUBLIC_URL/,
    );
    expect(() => loadConfig({ ...base, OIDC_CLIENT_ID: 'orphan' })).toThrow(
      /OIDC_CLIENT_ID: is set but OIDC_ISSUER_URL is not/,
    );
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'ftp://app' })).toThrow(
      /PUBLIC_URL: must be an http\(s\) URL/,
    );
  });
});
