import type { QueryClient } from "@tanstack/react-query";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ComponentType, useContext } from "react";
import { createQueryClient } from "./query-client.ts";
import { ProvidedQueryClient } from "./query-slot.ts";

let shared: QueryClient | null = null;

function sharedClient(): QueryClient {
  shared ??= createQueryClient();
  return shared;
}

/** A page inside the app's one query cache (the same cache across pages, so navigating back reuses its data). */
export function withQueryScope(Page: ComponentType): ComponentType {
  return function QueryScope() {
    const client = useContext(ProvidedQueryClient) ?? sharedClient();
    return (
      <QueryClientProvider client={client}>
        <Page />
      </QueryClientProvider>
    );
  };
}
