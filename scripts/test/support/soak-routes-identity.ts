import { createApiClient, jsonOf, sessionCookieOf, type ApiClient } from '../../faults/http-client.js';
import type { Account } from '../../faults/sessions.js';
import { sessionCookie } from './session-cookie.js';
import { expectReply, inBatches, listOf, revisionProblems, revisionsOf, tally } from './soak-fixtures.js';
import { bothWays, definePhase, type Aggregate, type SoakContext } from './soak-phase.js';
import type { SoakRoute } from './soak-routes.js';

/**
 * Identity's writes. Admin writes and profile changes use the customers' accounts (`same`: the one they all
 * share); the forms sign in as a visitor. Every name written is unique, so every acknowledged profile change is
 * one event on the user's stream.
 */
const userPath = (account: { id: string }) => `/api/admin/users/${account.id}`;
const email = (context: SoakContext, label: string) => `${context.run}-${label}@soak.example.com`;
const accountOf = (context: SoakContext, aggregate: Aggregate, client: number) =>
  (aggregate === 'same' ? context.shared : context.customers[client]) as Account;

async function usersWithEmailPrefix(context: SoakContext, prefix: string): Promise<number> {
  const users = await listOf<{ email: string }>(context.admin, '/api/admin/users');
  return users.filter((user) => user.email.startsWith(prefix)).length;
}

function countProblem(listed: number, acknowledged: number): string[] {
  return listed === acknowledged ? [] : [`${listed} users listed after ${acknowledged} acknowledged creates`];
}

function createUserPhase(aggregate: Aggregate) {
  const label = aggregate === 'same' ? 'us' : 'ud';
  return definePhase({
    aggregate,
    request: (_target, client, iteration, context) => ({
      method: 'POST',
      path: '/api/admin/users',
      // `same`: every client the same new email at once; one create wins, the rest are 409.
      json: {
        email: email(
          context,
          aggregate === 'same' ? `${label}-${iteration}` : `${label}-${client}-${iteration}`,
        ),
      },
    }),
    verify: async (_target, acknowledged, context) =>
      countProblem(await usersWithEmailPrefix(context, `${context.run}-${label}-`), acknowledged),
  });
}

/** A profile change per call, by the admin (`admin`) or by the account's owner (`own`). */
function profilePhase(by: 'admin' | 'own', aggregate: Aggregate) {
  return definePhase({
    aggregate,
    async prepare(context, plan) {
      const accounts = aggregate === 'same' ? [context.shared] : context.customers.slice(0, plan.clients);
      return { before: await revisionsOf(context.admin, accounts.map(userPath)), acknowledged: tally() };
    },
    request(_target, client, iteration, context) {
      const account = accountOf(context, aggregate, client);
      const json = { firstName: `Soak ${by} ${client}-${iteration}` };
      return by === 'admin'
        ? { method: 'PATCH', path: userPath(account), json }
        : { method: 'PATCH', path: '/api/auth/user', json, as: account.client };
    },
    acknowledged: ({ acknowledged }, client, _iteration, _reply, context) =>
      acknowledged.add(userPath(accountOf(context, aggregate, client))),
    verify: ({ before, acknowledged }, _count, context) =>
      revisionProblems(context.admin, before, acknowledged.counts),
  });
}

type Preferences = { email: boolean; push: boolean; securityAlerts: boolean };

/**
 * Notification switches flip with each call. `different`: each account ends with its client's last acknowledged
 * choice; `same`: the shared account ends with one of the acknowledged choices.
 */
function preferencesPhase(aggregate: Aggregate) {
  const choice = (iteration: number): Preferences => ({
    email: iteration % 2 === 0,
    push: iteration % 2 === 1,
    securityAlerts: true,
  });
  return definePhase({
    aggregate,
    prepare: async () => ({ last: new Map<number, Preferences>() }),
    request: (_target, client, iteration, context) => ({
      method: 'PUT',
      path: '/api/auth/notification-preferences',
      json: choice(iteration),
      as: accountOf(context, aggregate, client).client,
    }),
    acknowledged: ({ last }, client, iteration) => last.set(client, choice(iteration)),
    async verify({ last }, _count, context) {
      const problems: string[] = [];
      for (const [client, chosen] of last) {
        const account = accountOf(context, aggregate, client);
        const stored = await expectReply<Preferences>(
          account.client,
          { method: 'GET', path: '/api/auth/notification-preferences' },
          [200],
        );
        const matches = (expected: Preferences) => JSON.stringify(stored) === JSON.stringify(expected);
        const acceptable = aggregate === 'same' ? [...last.values()] : [chosen];
        if (!acceptable.some(matches)) {
          problems.push(
            `${account.email}: preferences ${JSON.stringify(stored)}, acknowledged ${JSON.stringify(acceptable)}`,
          );
        }
      }
      return problems;
    },
  });
}

/** Sign-ins through the form; each session they start is kept for the sign-out phases. */
function signInPhase(aggregate: Aggregate) {
  return definePhase({
    aggregate,
    request(_target, client, _iteration, context) {
      const account = accountOf(context, aggregate, client);
      return {
        method: 'POST',
        path: '/api/login',
        form: { email: account.email, password: account.password },
        as: context.visitor,
      };
    },
    acknowledged(_target, _client, _iteration, reply, context) {
      const cookie = sessionCookieOf(reply);
      if (cookie) context.sessions.push(cookie);
    },
  });
}

/**
 * Sign-outs of the sessions the sign-in phases started. `same`: every client ends one session at once;
 * `different`: each its own. Every session an acknowledged sign-out ended must then be refused.
 */
function signOutPhase(aggregate: Aggregate) {
  type Target = { sessions: ApiClient[]; perClient: number; ended: Set<ApiClient> };
  const pick = (target: Target, client: number, iteration: number) =>
    target.sessions[aggregate === 'same' ? iteration : client * target.perClient + iteration] as ApiClient;
  return definePhase<Target>({
    aggregate,
    async prepare(context, plan) {
      const count = aggregate === 'same' ? plan.maxIterations : plan.clients * plan.maxIterations;
      const cookies = context.sessions.splice(0, count);
      // The sign-in phases run for a bounded time, so a slow machine leaves fewer sessions than this phase ends:
      // the rest are started here, of the shared account, so the phase ends the same number on any machine.
      const { email, password } = context.shared;
      while (cookies.length < count)
        cookies.push(await sessionCookie(context.admin.baseUrl, email, password));
      const sessions = cookies.map((cookie) =>
        createApiClient(context.admin.baseUrl, context.requestTimeoutMs, cookie),
      );
      return { sessions, perClient: plan.maxIterations, ended: new Set() };
    },
    request: (target, client, iteration) => ({
      method: 'POST',
      path: '/api/logout',
      form: {},
      as: pick(target, client, iteration),
    }),
    acknowledged: (target, client, iteration) => target.ended.add(pick(target, client, iteration)),
    async verify({ ended }) {
      const problems = await inBatches([...ended], 8, async (session) => {
        const reply = await session.send({ method: 'GET', path: '/api/auth/user' });
        return reply.status === 401 ? [] : [`a signed-out session still answers ${reply.status}`];
      });
      return problems.flat();
    },
  });
}

export const identityRoutes: Record<string, SoakRoute> = {
  'POST /api/admin/users': bothWays([201], createUserPhase),
  'PATCH /api/admin/users/{id}': bothWays([200], (aggregate) => profilePhase('admin', aggregate)),
  'POST /api/admin/users/{id}/password-setup': bothWays([200], (aggregate) =>
    definePhase({
      aggregate,
      request: (_target, client, _iteration, context) => ({
        method: 'POST',
        path: `${userPath(accountOf(context, aggregate, client))}/password-setup`,
      }),
    }),
  ),
  'PATCH /api/auth/user': bothWays([200], (aggregate) => profilePhase('own', aggregate)),
  'PUT /api/auth/notification-preferences': bothWays([200], preferencesPhase),
  'POST /api/auth/password': {
    success: [200, 204],
    // Each client changes its own account's password, one change after another: a second client changing the
    // same password at once would be refused for a current password that was right when it was typed.
    phases: [
      definePhase({
        aggregate: 'different',
        request(_target, client, iteration, context) {
          const account = context.customers[client] as Account;
          return {
            method: 'POST',
            path: '/api/auth/password',
            json: {
              currentPassword: account.password,
              newPassword: `${context.run}-changed-${client}-${iteration}`,
            },
            as: account.client,
          };
        },
        acknowledged(_target, client, iteration, _reply, context) {
          (context.customers[client] as Account).password = `${context.run}-changed-${client}-${iteration}`;
        },
      }),
    ],
  },
  'POST /api/login': bothWays([303], signInPhase, { htmlRefusals: true }),
  'POST /api/logout': bothWays([303], signOutPhase, { htmlRefusals: true }),
  'POST /api/login/sign-up': {
    success: [303],
    htmlRefusals: true,
    // A taken email is refused with the same 400 page as any other failure (no account enumeration), so only
    // new emails: each client its own.
    phases: [
      definePhase({
        aggregate: 'different',
        request: (_target, client, iteration, context) => ({
          method: 'POST',
          path: '/api/login/sign-up',
          form: {
            email: email(context, `su-${client}-${iteration}`),
            password: `${context.run}-sign-up-password`,
            firstName: 'Soak',
            lastName: `Sign-up ${client}`,
          },
          as: context.visitor,
        }),
        verify: async (_target, acknowledged, context) =>
          countProblem(await usersWithEmailPrefix(context, `${context.run}-su-`), acknowledged),
      }),
    ],
  },
  'POST /api/login/setup': {
    success: [303],
    htmlRefusals: true,
    // A link works once: a second use is a 410 by design. So each client sets up its own new accounts.
    phases: [
      definePhase({
        aggregate: 'different',
        async prepare(context, plan) {
          const labels = Array.from(
            { length: plan.clients * plan.maxIterations },
            (_, index) => `setup-${index}`,
          );
          const users = await inBatches(labels, 8, async (label) => {
            const created = await context.admin.send({
              method: 'POST',
              path: '/api/admin/users',
              json: { email: email(context, label) },
            });
            const user = jsonOf<{ id: string; passwordSetup: { url: string } }>(created);
            if (created.status !== 201 || !user) throw new Error(`creating ${label}: ${created.status}`);
            const token =
              new URL(user.passwordSetup.url, context.admin.baseUrl).searchParams.get('token') ?? '';
            return { id: user.id, token };
          });
          return { users, perClient: plan.maxIterations, acknowledged: tally() };
        },
        request(target, client, iteration, context) {
          const user = target.users[client * target.perClient + iteration] as { token: string };
          const password = `${context.run}-setup-password`;
          return {
            method: 'POST',
            path: '/api/login/setup',
            form: { token: user.token, password, confirmPassword: password },
            as: context.visitor,
          };
        },
        acknowledged: (target, client, iteration) =>
          target.acknowledged.add(
            userPath(target.users[client * target.perClient + iteration] as { id: string }),
          ),
        // Setting the password is one event on the account's stream, whose creation was revision 0.
        verify: ({ users, acknowledged }, _count, context) =>
          revisionProblems(
            context.admin,
            new Map(users.map((user) => [userPath(user), 0])),
            acknowledged.counts,
          ),
      }),
    ],
  },
};
