import { QueryClient, type DefaultOptions } from '@app/query';

/** SPEC.md §9 timing constants that belong to the data layer. */
export const currentUserStaleTimeMs = 5 * 60 * 1000;
export const tenantMetricsRefetchIntervalMs = 5 * 60 * 1000;
export const tenantMetricsStaleTimeMs = 4 * 60 * 1000;

/**
 * SPEC.md §7 defaults: no interval refetch, no refetch on window focus, data never stale, no retries for reads
 * or writes. The exceptions (current user, tenant metrics) live on their own query options.
 */
export const queryDefaults = {
  queries: {
    refetchInterval: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    retry: false,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

/**
 * One client per page: the shell makes it and the remotes reach it through the shared @tanstack/react-query
 * singleton's context; a remote running standalone makes its own.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults });
}
