import { MantineProvider } from "@mantine/core";
import type { QueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { I18nextProvider } from "react-i18next";
import { i18n } from "../i18n/i18n.ts";
import { ProvidedQueryClient } from "./query-slot.ts";
import { theme } from "./theme.ts";

/** Theme and text providers shared by every page; the query cache comes with the pages that use it. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
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
      <ProvidedQueryClient.Provider value={queryClient ?? null}>
        <MantineProvider theme={theme} defaultColorScheme="dark">
          {children}
        </MantineProvider>
      </ProvidedQueryClient.Provider>
    </I18nextProvider>
  );
}
