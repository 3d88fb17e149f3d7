import { QueryClient } from "@tanstack/react-query";

/** The API client retries by spec §9 itself; a second layer of retries in the cache would multiply them. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
}
