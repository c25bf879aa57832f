/** The URLs a test run was given, if any; empty ones count as unset. */
export interface TestEnvironment {
  DATABASE_URL?: string;
  NATS_URL?: string;
  EVENTSTORE_URL?: string;
}

export function testEnvironment(env: Record<string, string | undefined> = process.env): TestEnvironment {
  const given = (name: keyof TestEnvironment) => (env[name] ? { [name]: env[name] } : {});
  return { ...given('DATABASE_URL'), ...given('NATS_URL'), ...given('EVENTSTORE_URL') };
}
