import { HttpProblem, problemType } from '../http/problem.js';
import type { Caller } from './caller.js';

/** The methods that read; every other one may change something (RFC 9110 §9.2.1 "safe methods"). */
const safeMethods: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export const readOnlyViewMessage =
  "This is a read-only view of a customer's account: nothing can be changed here. Leave the view to act as yourself.";

/**
 * An admin viewing as a customer may read what the customer reads and change nothing (issue 21). Every request
 * that is not a safe method is refused for such a caller, whatever route it is for: service-kit's access policy
 * runs this before any route's handler (so a new route cannot forget it), and the gateway runs it again before
 * forwarding. Null when the request may go on.
 */
export function readOnlyViewRefusal(caller: Caller | null, method: string): HttpProblem | null {
  if (caller?.actor === undefined || safeMethods.has(method.toUpperCase())) return null;
  return new HttpProblem(403, readOnlyViewMessage, { type: problemType('read-only-view') });
}
