import type { SoakPhase } from './soak-phase.js';
import { billingRoutes } from './soak-routes-billing.js';
import { cancellationRoutes } from './soak-routes-cancellation.js';
import { cardOnFileRoutes } from './soak-routes-card-on-file.js';
import { catalogRoutes } from './soak-routes-catalog.js';
import { identityRoutes } from './soak-routes-identity.js';
import { planChangeRoutes } from './soak-routes-plan-change.js';
import { tenancyRoutes } from './soak-routes-tenancy.js';
import { viewAsRoutes } from './soak-routes-view-as.js';
import { webhookRoutes } from './soak-routes-webhooks.js';

/**
 * The concurrency soak's table: for every write operation of the gateway's OpenAPI document (`METHOD /path` as
 * the document spells it), the replies that mean success and the phases that drive it. The soak fails when the
 * document has an operation this table lacks, so a new route cannot go untested.
 */
export interface SoakRoute {
  /** Statuses that acknowledge the write (the sign-in forms answer 303 and a redirect). */
  success: readonly number[];
  /** A browser form: it answers its own refusals (429 included) with the HTML page. */
  htmlRefusals?: boolean;
  phases: readonly SoakPhase[];
}

export const soakRoutes: Readonly<Record<string, SoakRoute>> = {
  ...catalogRoutes,
  ...identityRoutes,
  ...viewAsRoutes,
  ...tenancyRoutes,
  ...cancellationRoutes,
  ...billingRoutes,
  ...planChangeRoutes,
  ...cardOnFileRoutes,
  ...webhookRoutes,
};
