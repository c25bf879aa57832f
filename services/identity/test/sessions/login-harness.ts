import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { runMigrations } from '@app/eventing';
import {
  createService,
  derivedKey,
  identityTokenHeader,
  sessionResolvePurpose,
  signIdentityToken,
  type ServiceApp,
} from '@app/service-kit';
import { testIdentitySecret } from '@app/service-kit/testing';
import { createSchemaDatabase } from '@app/test-support';
import { startedForFile } from '@app/test-support/started-for-file';
import type pg from 'pg';
import { createCredentialStore, type CredentialStore } from '../../src/credentials/index.js';
import {
  createPasswordSetupTokens,
  type PasswordSetupTokens,
} from '../../src/credentials/password-setup-tokens.js';
import {
  createSessionStore,
  internalSessionRoutes,
  loginRoutes,
  type CookieSecure,
  type LoginRateLimits,
  type SessionOwner,
  type SessionStore,
} from '../../src/sessions/index.js';
import { memoryDirectory } from './memory-directory.js';

/** What the gateway sends: the key derived from the shared secret for resolving sessions. */
export const internalKey = derivedKey(testIdentitySecret, sessionResolvePurpose);

/** Time that moves only when a test says so: expiry and rate-limit windows without sleeping. */
export function testClock(start = new Date('2030-01-15T09:00:00.000Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}

/** The identity schema with its real migrations, in a database of this test file's own. */
export async function openIdentityDatabase() {
  const database = await createSchemaDatabase(inject('databaseUrl'), 'identity');
  await runMigrations(
    database.pool,
    'identity',
    resolve(fileURLToPath(new URL('../../migrations', import.meta.url))),
  );
  return database;
}

export interface LoginAppOptions {
  pool: pg.Pool;
  clock?: ReturnType<typeof testClock>;
  rateLimits?: Partial<LoginRateLimits>;
  cookieSecure?: CookieSecure;
  logStream?: { write(line: string): void };
  describeOwner?: (userId: string) => Promise<SessionOwner | null>;
}

export interface LoginApp {
  app: ServiceApp;
  sessions: SessionStore;
  credentials: CredentialStore;
  setupTokens: PasswordSetupTokens;
  accounts: ReturnType<typeof memoryDirectory>;
  clock: ReturnType<typeof testClock>;
}

/** createService (access policies and all) plus the two plugins, wired the way the lead wires them. */
export async function startLoginApp(options: LoginAppOptions): Promise<LoginApp> {
  const clock = options.clock ?? testClock();
  const accounts = memoryDirectory();
  const app = await createService({
    name: 'identity',
    logger: options.logStream ? { level: 'debug', stream: options.logStream } : false,
    identity: { secret: testIdentitySecret },
    readiness: [],
  });
  const sessions = createSessionStore({ pool: options.pool, now: clock.now });
  const credentials = createCredentialStore(options.pool, clock.now);
  const setupTokens = createPasswordSetupTokens(options.pool, { now: clock.now });
  await app.register(loginRoutes, {
    pool: options.pool,
    directory: accounts.directory,
    sessions,
    credentials,
    setupTokens,
    now: clock.now,
    productName: 'Ledgerline',
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
    ...(options.cookieSecure === undefined ? {} : { cookieSecure: options.cookieSecure }),
  });
  await app.register(internalSessionRoutes, {
    pool: options.pool,
    internalSecret: testIdentitySecret,
    sessions,
    ...(options.describeOwner ? { describeOwner: options.describeOwner } : {}),
  });
  await app.ready();
  return { app, sessions, credentials, setupTokens, accounts, clock };
}

/**
 * The login app on an identity database of the file's own (`pool`), started before the file's tests and closed
 * after them.
 */
export function loginAppForFile(options: Omit<LoginAppOptions, 'pool'> = {}) {
  return startedForFile(async () => {
    const database = await openIdentityDatabase();
    const login = await startLoginApp({ ...options, pool: database.pool });
    return {
      ...login,
      pool: database.pool,
      async close() {
        await login.app.close();
        await database.close();
      },
    };
  });
}

/** A form post as a browser sends it. */
export function form(fields: Record<string, string>): { payload: string; headers: Record<string, string> } {
  return {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

/**
 * A form post as a browser sends it: through the gateway from the address `from` when given (its token names that
 * address, as fromAddress makes it), with `headers` and `cookies` on top.
 */
export async function postForm(
  app: Pick<ServiceApp, 'inject'>,
  url: string,
  fields: Record<string, string>,
  options: { from?: string; headers?: Record<string, string>; cookies?: Record<string, string> } = {},
) {
  const body = form(fields);
  const gateway = options.from === undefined ? {} : await fromAddress(options.from, 'POST', url);
  return app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...gateway, ...options.headers },
    ...(options.cookies ? { cookies: options.cookies } : {}),
  });
}

/**
 * What the gateway sends with a visitor's request from `clientAddress`: its token naming that address, bound to
 * this one request. Identity takes the client address from nowhere else.
 */
export async function fromAddress(clientAddress: string, method: string, url: string) {
  const token = await signIdentityToken(null, testIdentitySecret, { method, url, clientAddress });
  return { [identityTokenHeader]: token };
}

export function sessionCookieFrom(response: { cookies: Array<{ name: string; value: string }> }) {
  return response.cookies.find((cookie) => cookie.name === 'sid');
}

let counter = 0;
/** A fresh address per test, so rate limits of one test never reach another. */
export function freshEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.test`;
}

export const strongPassword = 'correct horse battery staple 42';
