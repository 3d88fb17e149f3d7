import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { I18nextProvider } from "react-i18next";
import { i18n } from "../i18n/i18n.ts";
import { theme } from "./theme.ts";

/** The API client retries by spec §9 itself; a second layer of retries in the cache would multiply them. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
}

/** Theme, text and data providers shared by every page. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  useEffect(() => {
    // `<html lang>` follows the active language (all seven), for screen readers, hyphenation and quotes.
    const apply = (language: string) => {
      document.documentElement.lang = language;
    };
    if (i18n.language) apply(i18n.language);
    i18n.on("languageChanged", apply);
    return () => i18n.off("languageChanged", apply);
  }, []);

  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} defaultColorScheme="dark">
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
