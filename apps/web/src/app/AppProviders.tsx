import { MantineProvider } from "@mantine/core";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo } from "react";
import { i18n } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { ProvidedQueryClient } from "./query-slot.ts";
import { theme } from "./theme.ts";

export { createQueryClient } from "./query-client.ts";

/**
 * The theme with the labels Mantine would otherwise give in English, in the active language. Components are
 * configured by name (no `PasswordInput.extend`), so the frame of every page does not download them.
 */
function LocalizedMantine({ children }: { children: ReactNode }) {
  const { t } = useTranslation("common");
  const showPassword = t("password.show");
  const localized = useMemo(
    () => ({
      ...theme,
      components: {
        ...theme.components,
        PasswordInput: { defaultProps: { visibilityToggleButtonProps: { "aria-label": showPassword } } },
      },
    }),
    [showPassword],
  );
  return (
    <MantineProvider theme={localized} defaultColorScheme="dark">
      {children}
    </MantineProvider>
  );
}

/**
 * Theme and text providers shared by every page. The query cache comes with the pages that use it (router.tsx);
 * a client given here (tests) is used by them and also provided to everything below.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  useEffect(() => {
    // `<html lang>` follows the active language (all seven), for screen readers, hyphenation and quotes.
    const apply = (language: string) => {
      document.documentElement.lang = language;
    };
    if (i18n.language) apply(i18n.language);
    return i18n.onLanguageChanged(apply);
  }, []);

  return (
    <ProvidedQueryClient.Provider value={queryClient ?? null}>
      {queryClient ? (
        <QueryClientProvider client={queryClient}>
          <LocalizedMantine>{children}</LocalizedMantine>
        </QueryClientProvider>
      ) : (
        <LocalizedMantine>{children}</LocalizedMantine>
      )}
    </ProvidedQueryClient.Provider>
  );
}
