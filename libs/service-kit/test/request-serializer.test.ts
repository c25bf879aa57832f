import { describe, expect, it } from 'vitest';
import { redactUrl } from '../src/logging/request-serializer.js';

describe('request URLs in logs', () => {
  it.each([
    ['/api/login/setup?token=abc123', '/api/login/setup?token=[Redacted]'],
    ['/api/login/oidc/callback?code=xyz&state=s1', '/api/login/oidc/callback?code=[Redacted]&state=s1'],
    ['/metrics?api_key=k&page=2', '/metrics?api_key=[Redacted]&page=2'],
    ['/api/products?category=Analytics', '/api/products?category=Analytics'],
    ['/api/products', '/api/products'],
  ])('%s → %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe('request log lines', () => {
  it('carry the URL with its secret query values censored', async () => {
    const { default: Fastify } = await import('fastify');
    const { createLoggerOptions } = await import('../src/logging/logger.js');
    const lines: Array<Record<string, unknown>> = [];
    const app = Fastify({
      logger: createLoggerOptions({ stream: { write: (line: string) => void lines.push(JSON.parse(line)) } }),
    });
    app.get('/setup', async () => 'ok');
    await app.inject({ method: 'GET', url: '/setup?token=live-secret' });
    await app.close();
    const incoming = lines.find((line) => line.msg === 'incoming request');
    expect(incoming?.req).toMatchObject({ method: 'GET', url: '/setup?token=[Redacted]' });
    expect(JSON.stringify(lines)).not.toContain('live-secret');
  });
});
