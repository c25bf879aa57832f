import { HttpProblem, problemType, type Caller } from '@app/service-kit';

/** The caller of a `signed-in` route, which the access policy has already checked is there. */
export function signedIn(caller: Caller | null): Caller {
  if (!caller)
    throw new HttpProblem(401, 'Authentication required.', { type: problemType('unauthenticated') });
  return caller;
}
