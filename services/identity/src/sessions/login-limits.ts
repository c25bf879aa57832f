import type pg from 'pg';

/**
 * Sign-in throttling after OWASP's Authentication and Credential Stuffing Prevention cheat sheets: count failed
 * password checks, never successes; hold back guesses at one account from one address; slow, never lock, the
 * account as a whole, and never at the addresses its owner signs in from; keep a far higher ceiling per address
 * for password spraying, so people sharing one address (an office, a carrier's NAT) do not hold each other back.
 */
export interface LoginRateLimits {
  windowMs: number;
  /** Failed password checks for one account from one address per window, since that pair's latest success. */
  perAccountAndAddress: number;
  /**
   * Failed password checks for one account from all addresses per window: guesses spread over many addresses.
   * Like `perAddress`, it holds back only addresses the account has not signed in from lately (`knownAddressMs`),
   * so a stranger's guesses can never keep the owner out at her usual address.
   */
  perAccount: number;
  /** Failed password checks from one address across all accounts per window: password spraying. */
  perAddress: number;
  /** Sign-ups from one address per window, each counted whatever its outcome. */
  signUpsPerAddress: number;
  /** How long an address stays one of an account's usual ones after a successful password check from it. */
  knownAddressMs: number;
}

export const defaultLoginRateLimits: LoginRateLimits = {
  windowMs: 15 * 60 * 1000,
  perAccountAndAddress: 5,
  perAccount: 50,
  perAddress: 100,
  signUpsPerAddress: 10,
  knownAddressMs: 30 * 24 * 60 * 60 * 1000,
};

/** Which limit refused an attempt, for the log. */
export type LimitName = 'account-and-address' | 'account' | 'address' | 'sign-ups';

export interface Refusal {
  limit: LimitName;
  /** Epoch ms when the attempt would be admitted. */
  until: number;
}

/** What one attempt is checked against; `account` is null for sign-ups, which only the address limits. */
export interface AttemptScope {
  ip: string;
  account: string | null;
  at: Date;
}

type Client = pg.PoolClient;

/**
 * The latest-ending limit the attempt is over, or null. Runs inside begin()'s transaction, on its one client, after
 * the advisory locks, so no concurrent attempt from the same address or at the same account counts meanwhile.
 */
export async function refusalFor(
  client: Client,
  scope: AttemptScope,
  limits: LoginRateLimits,
): Promise<Refusal | null> {
  const since = new Date(scope.at.getTime() - limits.windowMs);
  const { ip, account } = scope;
  if (account === null) {
    return refusal('sign-ups', await signUpsReached(client, ip, since, limits.signUpsPerAddress), limits);
  }
  const pair = refusal(
    'account-and-address',
    await pairFailuresReached(client, scope, since, limits),
    limits,
  );
  // At one of the account's usual addresses only its own failures there count: nobody else's guesses, at this
  // account from elsewhere or at other accounts from here, can keep the owner out.
  if (await isKnownAddress(client, scope, limits)) return pair;
  const candidates = [
    pair,
    refusal('account', await accountFailuresReached(client, account, since, limits.perAccount), limits),
    refusal('address', await addressFailuresReached(client, ip, since, limits.perAddress), limits),
  ];
  return candidates.reduce<Refusal | null>(
    (latest, next) => (next !== null && (latest === null || next.until > latest.until) ? next : latest),
    null,
  );
}

/**
 * Each query below returns when the limit-th newest counted attempt in the window happened, or nothing while
 * fewer than `limit` count: the attempt is refused until that one ages out of the window.
 */
function refusal(limit: LimitName, reachedAt: Date | undefined, limits: LoginRateLimits): Refusal | null {
  return reachedAt === undefined ? null : { limit, until: reachedAt.getTime() + limits.windowMs };
}

async function signUpsReached(client: Client, ip: string, since: Date, limit: number) {
  const { rows } = await client.query<{ attempted_at: Date }>(
    `SELECT attempted_at FROM login_attempts WHERE ip = $1 AND kind = 'sign-up' AND attempted_at > $2
     ORDER BY attempted_at DESC, id DESC OFFSET $3 LIMIT 1`,
    [ip, since, limit - 1],
  );
  return rows[0]?.attempted_at;
}

async function addressFailuresReached(client: Client, ip: string, since: Date, limit: number) {
  const { rows } = await client.query<{ attempted_at: Date }>(
    `SELECT attempted_at FROM login_attempts
     WHERE ip = $1 AND kind <> 'sign-up' AND NOT succeeded AND attempted_at > $2
     ORDER BY attempted_at DESC, id DESC OFFSET $3 LIMIT 1`,
    [ip, since, limit - 1],
  );
  return rows[0]?.attempted_at;
}

/** Only failures after the pair's latest success: whoever got in from there has shown they know the password. */
async function pairFailuresReached(
  client: Client,
  scope: AttemptScope,
  since: Date,
  limits: LoginRateLimits,
) {
  const { rows } = await client.query<{ attempted_at: Date }>(
    `SELECT attempted_at FROM login_attempts
     WHERE account_key = $1 AND ip = $2 AND NOT succeeded AND attempted_at > $3
       AND id > COALESCE(
         (SELECT max(id) FROM login_attempts WHERE account_key = $1 AND ip = $2 AND succeeded), 0)
     ORDER BY id DESC OFFSET $4 LIMIT 1`,
    [scope.account, scope.ip, since, limits.perAccountAndAddress - 1],
  );
  return rows[0]?.attempted_at;
}

/** Not reset by a success: the owner signing in must not hand a guesser elsewhere a fresh allowance. */
async function accountFailuresReached(client: Client, account: string, since: Date, limit: number) {
  const { rows } = await client.query<{ attempted_at: Date }>(
    `SELECT attempted_at FROM login_attempts
     WHERE account_key = $1 AND NOT succeeded AND attempted_at > $2
     ORDER BY id DESC OFFSET $3 LIMIT 1`,
    [account, since, limit - 1],
  );
  return rows[0]?.attempted_at;
}

async function isKnownAddress(client: Client, scope: AttemptScope, limits: LoginRateLimits) {
  const { rowCount } = await client.query(
    'SELECT 1 FROM login_known_addresses WHERE account_key = $1 AND ip = $2 AND last_succeeded_at > $3',
    [scope.account, scope.ip, new Date(scope.at.getTime() - limits.knownAddressMs)],
  );
  return rowCount !== null && rowCount > 0;
}
