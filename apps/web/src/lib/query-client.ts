// Server-state cache settings of spec §7/§9, read from the domain constants.
import { QueryClient } from '@tanstack/react-query';
import { QUERY, queryRetryDelay, shouldRetryQuery } from '@keyturn/domain/constants';
import { ApiError } from './api';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY.staleTimeMs,
        gcTime: QUERY.gcTimeMs,
        retry: shouldRetryQuery, // no retry on 4xx, otherwise up to QUERY.retries
        retryDelay: queryRetryDelay, // 1 s doubling, capped at 30 s
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
        refetchInterval: false,
      },
      mutations: {
        // Once after 1 s (spec §7), but not when the server refused the request itself (4xx): the same
        // body would be refused again.
        retry: (failureCount, error) => !isClientError(error) && failureCount < QUERY.mutationRetries,
        retryDelay: QUERY.mutationRetryDelayMs,
      },
    },
  });
}

function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
