import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AppProviders } from "../app/AppProviders.tsx";
import { createQueryClient } from "../app/query-client.ts";

/** What a page gets from the app around a component under test: theme, texts and a fresh query cache. */
export function TestProviders({ children }: { children: ReactNode }) {
  return (
    <AppProviders>
      <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
    </AppProviders>
  );
}
