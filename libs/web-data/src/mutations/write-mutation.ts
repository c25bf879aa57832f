import { mutationOptions, type QueryClient } from '@app/query';
import { sendJson, type HttpMethod } from '../http.js';
import { segment } from '../query-keys.js';

/**
 * What a write does to the cache once the API has answered: usually `invalidate` the lists it changes. Returned
 * from `onSuccess`, so the mutation settles only after it.
 */
export type AfterWrite<TData> = (client: QueryClient, data: TData) => unknown;

/** Where a write goes: the path with its ids filled in, and the JSON body, if any. */
export interface WriteRequest {
  path: string;
  body?: unknown;
}

/**
 * The options of one API write (SPEC.md §7): keyed by its method and route template, sent through `sendJson`,
 * then `after`. The `…Mutation()` factories are made with this or one of the two shapes below.
 */
export function writeMutation<TData, TVariables>(
  method: HttpMethod,
  route: string,
  request: (variables: TVariables) => WriteRequest,
  after?: AfterWrite<TData>,
) {
  return mutationOptions({
    mutationKey: [method, route],
    mutationFn: (variables: TVariables) => {
      const { path, body } = request(variables);
      return sendJson<TData>(method, path, body);
    },
    ...(after && {
      onSuccess: (
        data: TData,
        _variables: TVariables,
        _result: unknown,
        { client }: { client: QueryClient },
      ) => after(client, data),
    }),
  });
}

/** A write to a fixed path whose variables are its body (`POST /api/admin/users` with the new user). */
export function bodyMutation<TData, TBody>(method: HttpMethod, path: string, after?: AfterWrite<TData>) {
  return writeMutation<TData, TBody>(method, path, (body) => ({ path, body }), after);
}

/** The variables of a write to one member of a collection. */
export interface MemberWrite<TBody> {
  id: string;
  body: TBody;
}

/** A write to `{collection}/{id}` with `{ id, body }` (`PATCH /api/admin/users/{id}`). */
export function memberMutation<TData, TBody>(
  method: HttpMethod,
  collection: string,
  after?: AfterWrite<TData>,
) {
  return writeMutation<TData, MemberWrite<TBody>>(
    method,
    `${collection}/{id}`,
    ({ id, body }) => ({ path: `${collection}/${segment(id)}`, body }),
    after,
  );
}

/** What a screen does once a write has settled, after the write's own `after`. */
export interface WriteOutcome<TData> {
  onSuccess?: (data: TData) => void;
  onError?: (error: Error) => void;
}

/**
 * The write's options with a screen's `outcome` run by the mutation itself rather than by one `mutate` call: a
 * call's callbacks are dropped when the component that made it unmounts, and a write whose refreshed lists
 * replace that component (a cancelled subscription's Cancel button) would then never show its toast.
 */
export function withOutcome<TData, TVariables>(
  options: ReturnType<typeof writeMutation<TData, TVariables>>,
  outcome: WriteOutcome<TData>,
) {
  return {
    ...options,
    onSuccess: async (...args: Parameters<NonNullable<typeof options.onSuccess>>) => {
      await options.onSuccess?.(...args);
      outcome.onSuccess?.(args[0]);
    },
    onError: (error: Error) => outcome.onError?.(error),
  };
}
