import { setTimeout as sleep } from 'node:timers/promises';
import { passwordSetupMailReplySchema, type PasswordSetupMailBody } from '@app/contracts';
import { derivedKey, internalKeyHeader, passwordSetupMailPurpose } from '@app/service-kit';

/**
 * Hands a new password-setup link to notifications to mail (its POST /internal/password-setup-mail, the contract
 * in @app/contracts). The link's secret goes only over this authenticated call, never on NATS or into an event,
 * and never into a log line: failures are reported by status, never with the body.
 */
export interface PasswordSetupMail {
  /** True once notifications has the link queued (now or on an earlier try); false when it could not be reached. */
  send(link: PasswordSetupMailBody): Promise<boolean>;
}

export interface PasswordSetupMailOptions {
  notificationsUrl: string;
  /** INTERNAL_TOKEN_SECRET: the call's key is derived from it for passwordSetupMailPurpose. */
  internalSecret: string;
  timeoutMs?: number;
  /** Why a link was not mailed, for the service log (the admin's copy of the link still works). */
  onFailure?: (failure: { linkId: string; userId: string; reason: string }) => void;
}

const tries = 2;
const retryDelayMs = 250;

export function createPasswordSetupMail(options: PasswordSetupMailOptions): PasswordSetupMail {
  const key = derivedKey(options.internalSecret, passwordSetupMailPurpose);
  const timeoutMs = options.timeoutMs ?? 3_000;
  const url = new URL('/internal/password-setup-mail', options.notificationsUrl);

  async function attempt(
    link: PasswordSetupMailBody,
  ): Promise<{ ok: boolean; reason: string; retry: boolean }> {
    try {
      // Notifications is the platform's own service at a configured URL, so this call is not SSRF-guarded.
      const response = await fetch(url, {
        method: 'POST',
        headers: { [internalKeyHeader]: key, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(link),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel();
        return {
          ok: false,
          reason: `notifications answered ${response.status}`,
          retry: response.status >= 500,
        };
      }
      const parsed = passwordSetupMailReplySchema.safeParse(await response.json());
      return parsed.success
        ? { ok: true, reason: '', retry: false }
        : { ok: false, reason: 'notifications answered in an unknown shape', retry: false };
    } catch (error) {
      return { ok: false, reason: error instanceof Error ? error.name : 'request failed', retry: true };
    }
  }

  return {
    async send(link) {
      let outcome = await attempt(link);
      // The same linkId on the retry: notifications queues a link once, so a first try that landed is harmless.
      for (let tried = 1; !outcome.ok && outcome.retry && tried < tries; tried++) {
        await sleep(retryDelayMs);
        outcome = await attempt(link);
      }
      if (!outcome.ok)
        options.onFailure?.({ linkId: link.linkId, userId: link.userId, reason: outcome.reason });
      return outcome.ok;
    },
  };
}
