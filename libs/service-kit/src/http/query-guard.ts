import { printableFieldName } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { HttpProblem, problemType } from './problem.js';

/** Which query parameters a route takes: the names its schema declares, or any (a loose schema). */
type QueryRule = { open: true } | { open: false; names: ReadonlySet<string> };

const noParameters: QueryRule = { open: false, names: new Set() };
/** At most this many unknown names are reported, so the answer does not grow with the query string. */
const maxReported = 10;

/**
 * One rule for every service's query strings: a parameter the route's `querystring` schema does not
 * declare is refused with a 400 naming it, rather than silently ignored (a misspelt `form=` filter would
 * otherwise answer as if no filter were asked for). A route without a querystring schema takes none. A route
 * that others link to with parameters of their own (a sign-in page, an OpenID Connect callback) declares a loose
 * schema (`z.looseObject`) and takes any. The front end sends no cache busters or other extras (libs/web-data).
 */
export function registerQueryGuard(app: FastifyInstance): void {
  const rules = new WeakMap<object, QueryRule>();
  const ruleOf = (schema: unknown): QueryRule => {
    if (schema === undefined || schema === null) return noParameters;
    let rule = rules.get(schema);
    if (rule === undefined) {
      rule = queryRuleOf(schema);
      rules.set(schema, rule);
    }
    return rule;
  };

  // At startup, so a schema whose parameters cannot be read fails the build of the app, not a request.
  app.addHook('onRoute', (route) => void ruleOf(route.schema?.querystring));

  app.addHook('preValidation', async (request) => {
    if (request.is404) return;
    const rule = ruleOf(request.routeOptions.schema?.querystring);
    if (rule.open) return;
    const unknown = Object.keys(request.query as object).filter((name) => !rule.names.has(name));
    if (unknown.length === 0) return;
    const shown = unknown.slice(0, maxReported).map(printableFieldName);
    throw new HttpProblem(400, detailFor(shown, rule.names), {
      type: problemType('unknown-query-parameter'),
      errors: shown.map((path) => ({ path, message: 'Unknown query parameter' })),
    });
  });
}

/** The parameters of a zod object schema (refinements included), or of the object a zod pipe starts from. */
function queryRuleOf(schema: object): QueryRule {
  const def = (schema as { _zod?: { def?: ZodDef } })._zod?.def;
  if (def?.type === 'pipe' && def.in !== undefined) return queryRuleOf(def.in);
  if (def?.type !== 'object' || def.shape === undefined) {
    throw new Error('A querystring schema must be a zod object, so the query guard knows its parameters');
  }
  const catchall = def.catchall?._zod?.def?.type;
  if (catchall !== undefined && catchall !== 'never') return { open: true };
  return { open: false, names: new Set(Object.keys(def.shape)) };
}

interface ZodDef {
  type?: string;
  shape?: Record<string, unknown>;
  catchall?: { _zod?: { def?: { type?: string } } };
  in?: object;
}

function detailFor(unknown: readonly string[], known: ReadonlySet<string>): string {
  const listed = unknown.map((name) => `"${name}"`).join(', ');
  const subject =
    unknown.length === 1 ? `Unknown query parameter ${listed}.` : `Unknown query parameters ${listed}.`;
  const accepted =
    known.size === 0 ? 'This address takes no query parameters.' : `It takes: ${[...known].join(', ')}.`;
  return `${subject} ${accepted}`;
}
