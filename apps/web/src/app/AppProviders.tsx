import { MantineProvider, PasswordInput } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { i18n } from "../i18n/i18n.ts";
import { theme } from "./theme.ts";

/** The API client retries by spec §9 itself; a second layer of retries in the cache would multiply them. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
}

/** The theme with the labels Mantine would otherwise give in English, in the active language. */
function LocalizedMantine({ children }: { children: ReactNode }) {
  const { t } = useTranslation("common");
  const showPassword = t("password.show");
  const localized = useMemo(
    () => ({
      ...theme,
      components: {
        ...theme.components,
        PasswordInput: PasswordInput.extend({
          defaultProps: { visibilityToggleButtonProps: { "aria-label": showPassword } },
        }),
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
        <LocalizedMantine>{children}</LocalizedMantine>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
