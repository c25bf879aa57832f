import { createService, type ServiceOptions } from '../src/index.js';
import { bindIdentityOnInject, testIdentitySecret } from '../src/testing/index.js';

/** Collects a logger's JSON lines so tests can read what was logged. */
export function logCapture() {
  const lines: Array<Record<string, unknown>> = [];
  return {
    lines,
    stream: { write: (chunk: string) => void lines.push(JSON.parse(chunk) as Record<string, unknown>) },
  };
}

/**
 * A service with test defaults: no logs, the test identity secret, no readiness checks; inject() binds unbound
 * test tokens to each request as the gateway would.
 */
export async function testService(overrides: Partial<ServiceOptions> = {}) {
  const app = await createService({
    name: 'test',
    logger: false,
    identity: { secret: testIdentitySecret },
    readiness: [],
    ...overrides,
  });
  bindIdentityOnInject(app);
  return app;
}
