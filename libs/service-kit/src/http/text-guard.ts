import { findUnstorableText, unstorableTextMessage } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpProblem, problemType } from './problem.js';

/**
 * Refuses text Postgres cannot store (contracts' `isStorableText`) in the parsed body, the query string and the
 * route params of every route, before the route's schema looks at them: a 400 naming each field, rather than a
 * 500 from the event append or a lookup. One hook on the root instance covers every route, the JSON
 * APIs and the sign-in forms alike, without a route having to ask for it. Field paths are spelled as schema
 * failures spell them (`features.2`), so the front end puts the message beside its field.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const paths = unstorableTextIn(request);
    if (paths.length === 0) return;
    const errors = paths.map((path) => ({ path, message: unstorableTextMessage }));
    throw new HttpProblem(400, detailFor(paths), { type: problemType('unstorable-text'), errors });
  });
}

function unstorableTextIn(request: FastifyRequest): string[] {
  const inBody = findUnstorableText(request.body).map((path) => (path === '' ? 'body' : path));
  const inQuery = findUnstorableText(request.query);
  // A wildcard route's rest of the path is the param `*`; a user knows it as the path.
  const inParams = findUnstorableText(request.params).map((path) => (path === '*' ? 'path' : path));
  return [...new Set([...inParams, ...inQuery, ...inBody])];
}

function detailFor(paths: readonly string[]): string {
  const others = paths.length - 1;
  const more = others === 0 ? '' : ` and ${others} more field${others === 1 ? '' : 's'}`;
  return `The field "${paths[0]}"${more} contain${others === 0 ? 's' : ''} a character that cannot be saved (a null character or half of a surrogate pair). Remove it and try again.`;
}
