import type { ApiClient, ApiReply, ApiRequest } from '../../faults/http-client.js';
import type { Account } from '../../faults/sessions.js';
import type { SoakProduct } from './soak-fixtures.js';
import type { SoakRoute } from './soak-routes.js';
import { runConcurrently } from '../../faults/concurrent-clients.js';
import { judgeReply, replyEvidence, replyLabel } from '../../faults/reply-rules.js';

/** What every phase may use: the admin, one signed-in customer per client and one they all share. */
export interface SoakContext {
  admin: ApiClient;
  /** Signed in as nobody: for the sign-in forms. */
  visitor: ApiClient;
  customers: readonly Account[];
  shared: Account;
  /** Unique to this run, for names, slugs and emails. */
  run: string;
  /** Products made by earlier phases and not used up yet, for later phases to write to. */
  products: SoakProduct[];
  /** Client secrets of payment intents not confirmed yet, by account id. */
  intents: Map<string, string[]>;
  /** The product the billing phases buy, once billing's copy holds it. */
  checkoutProduct?: SoakProduct;
  /** Session cookies the sign-in phases started, for the sign-out phases to end. */
  sessions: string[];
  /** How long a request may take before it counts as a timeout. */
  requestTimeoutMs: number;
}

export interface SoakRequest extends ApiRequest {
  /** Who sends it; the admin when absent. */
  as?: ApiClient;
}

/** Every client on one aggregate (`same`) or each on its own (`different`). */
export type Aggregate = 'same' | 'different';

/**
 * One way of driving a route: every client on one aggregate (`same`) or each on its own (`different`).
 * `prepare` makes what the phase writes to, when it writes to something made first; `request` is client `client`'s call number `iteration`;
 * `acknowledged` hears each success (to remember an id or a new password); `verify`, run right after the phase
 * (before later phases write to the same accounts), compares the read models, through the API, with the
 * acknowledged writes and returns what does not match.
 */
export interface PhaseDefinition<Target> {
  aggregate: Aggregate;
  prepare?(context: SoakContext, plan: PhasePlan): Promise<Target>;
  request(target: Target, client: number, iteration: number, context: SoakContext): SoakRequest;
  acknowledged?(
    target: Target,
    client: number,
    iteration: number,
    reply: ApiReply,
    context: SoakContext,
  ): void;
  verify?(target: Target, acknowledgedCount: number, context: SoakContext): Promise<string[]>;
}

/** Type-erased, so one table can hold phases of different targets. */
export interface SoakPhase {
  aggregate: Aggregate;
  run(context: SoakContext, plan: PhasePlan, rule: ReplyRule): Promise<PhaseResult>;
}

export interface PhasePlan {
  clients: number;
  durationMs: number;
  maxIterations: number;
}

export interface ReplyRule {
  success: readonly number[];
  htmlRefusals?: boolean;
}

export interface PhaseResult {
  /** Replies by label (`201`, `409 urn:problem:conflict`, `timeout`, …). */
  replies: Record<string, number>;
  acknowledged: number;
  /** Evidence of each kind of failure: the request and what came back, at most a few per kind. */
  failures: string[];
  /** Where the read models disagree with the acknowledged writes. */
  mismatches: string[];
}

const evidencePerLabel = 3;
/** Some writes answer before every read model has them (a reveal's audit fact): they get this long to agree. */
const settleMs = 5_000;

/** What `check` still finds after the read models had `settleMs` to catch up; empty as soon as it finds nothing. */
async function settled(check: () => Promise<string[]>): Promise<string[]> {
  const deadline = Date.now() + settleMs;
  for (;;) {
    const problems = await check();
    if (problems.length === 0 || Date.now() > deadline) return problems;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export function definePhase<Target>(definition: PhaseDefinition<Target>): SoakPhase {
  return {
    aggregate: definition.aggregate,
    async run(context, plan, rule) {
      const replies: Record<string, number> = {};
      const failures: string[] = [];
      const evidenceCount = new Map<string, number>();
      let target: Target;
      try {
        target = definition.prepare ? await definition.prepare(context, plan) : (undefined as Target);
      } catch (error) {
        const reason = `could not prepare the phase: ${(error as Error).message}`;
        return { replies, acknowledged: 0, failures: [reason], mismatches: [] };
      }
      let acknowledged = 0;
      await runConcurrently(plan, async (client, iteration) => {
        const request = definition.request(target, client, iteration, context);
        const reply = await (request.as ?? context.admin).send(request);
        const label = replyLabel(reply);
        replies[label] = (replies[label] ?? 0) + 1;
        const verdict = judgeReply(reply, rule.success, rule);
        if (verdict === 'success') {
          acknowledged += 1;
          definition.acknowledged?.(target, client, iteration, reply, context);
        } else if (verdict === 'failed') {
          const seen = evidenceCount.get(label) ?? 0;
          evidenceCount.set(label, seen + 1);
          if (seen < evidencePerLabel) {
            failures.push(`${request.method} ${request.path} → ${replyEvidence(reply)}`);
          }
        }
      });
      const verify = definition.verify;
      const mismatches = verify
        ? await settled(() => verify(target, acknowledged, context)).catch((error: unknown) => [
            `could not read the result back: ${(error as Error).message}`,
          ])
        : [];
      return { replies, acknowledged, failures, mismatches };
    },
  };
}

/** A route driven both ways, `same` and then `different`, by the phases `phaseFor` makes: most of the table. */
export function bothWays(
  success: readonly number[],
  phaseFor: (aggregate: Aggregate) => SoakPhase,
  options: Pick<SoakRoute, 'htmlRefusals'> = {},
): SoakRoute {
  return { success, ...options, phases: [phaseFor('same'), phaseFor('different')] };
}
