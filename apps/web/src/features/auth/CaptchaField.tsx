import type { CaptchaProvider, Language, PublicConfig } from "@handfont/contract";
import { Box, Text } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { loadRemoteCaptcha, type RemoteCaptchaApi } from "./remote-captcha.ts";

/** The ALTCHA widget's own texts, by our language (its i18n files are named this way). */
const ALTCHA_LANGUAGES: Record<Language, string> = {
  en: "en",
  ru: "ru",
  de: "de",
  es: "es-es",
  fr: "fr-fr",
  it: "it",
  uk: "uk",
};

async function loadAltcha(language: Language): Promise<void> {
  await import("altcha");
  // Each language file registers its texts with the widget; English is built in.
  const texts: Record<Exclude<Language, "en">, () => Promise<unknown>> = {
    ru: () => import("altcha/i18n/ru"),
    de: () => import("altcha/i18n/de"),
    es: () => import("altcha/i18n/es-es"),
    fr: () => import("altcha/i18n/fr-fr"),
    it: () => import("altcha/i18n/it"),
    uk: () => import("altcha/i18n/uk"),
  };
  if (language !== "en") await texts[language]();
}

export interface CaptchaFieldProps {
  config: PublicConfig["captcha"];
  language: Language;
  /** The response to send as `recaptca`, or null while there is none (not solved, expired, used). */
  onToken: (token: string | null) => void;
  /** Change it to get a fresh captcha: each response is good for one submission. */
  resetSignal: number;
}

/** The captcha of the sign-in and sign-up forms: ALTCHA by default, or the configured remote provider. */
export function CaptchaField(props: CaptchaFieldProps) {
  return props.config.provider === "altcha" ? <AltchaField {...props} /> : <RemoteCaptchaField {...props} />;
}

interface AltchaStateEvent extends Event {
  detail: { state: string; payload?: string };
}

function AltchaField({ config, language, onToken, resetSignal }: CaptchaFieldProps) {
  const ref = useRef<HTMLElement & { reset?: () => void; verify?: () => Promise<unknown>; getState?: () => string }>(
    null,
  );
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;
  const { t } = useTranslation("auth");

  useEffect(() => {
    const element = ref.current;
    const listener = (event: Event) => {
      const { state, payload } = (event as AltchaStateEvent).detail;
      onTokenRef.current(state === "verified" && payload ? payload : null);
    };
    // The widget starts solving on the form's first focus. Whoever is already typing when its code arrives (a quick
    // visitor, a slow phone) had that focus before the widget listened, and would wait for a check that never starts.
    const startIfTyping = () => {
      if (element?.closest("form")?.contains(document.activeElement) && element.getState?.() === "unverified") {
        void element.verify?.();
      }
    };
    element?.addEventListener("load", startIfTyping);
    // Listening from the start: the widget may report a state as soon as its code has arrived.
    element?.addEventListener("statechange", listener);
    void loadAltcha(language);
    return () => {
      element?.removeEventListener("load", startIfTyping);
      element?.removeEventListener("statechange", listener);
    };
  }, [language]);

  useEffect(() => {
    if (resetSignal === 0) return;
    ref.current?.reset?.();
    onTokenRef.current(null);
  }, [resetSignal]);

  return (
    <Box>
      <Text component="span" size="sm" fw={500} display="block" mb={4}>
        {t("captcha.label")}
      </Text>
      <altcha-widget
        ref={ref}
        challenge={config.challengeUrl ?? ""}
        name="recaptca"
        auto="onfocus"
        language={ALTCHA_LANGUAGES[language]}
        data-testid="captcha"
      />
    </Box>
  );
}

function RemoteCaptchaField({ config, language, onToken, resetSignal }: CaptchaFieldProps) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: RemoteCaptchaApi; id: string } | null>(null);
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;
  const provider = config.provider as Exclude<CaptchaProvider, "altcha">;

  useEffect(() => {
    let cancelled = false;
    void loadRemoteCaptcha(provider).then((api) => {
      const element = container.current;
      if (cancelled || !element || !config.siteKey) return;
      const id = api.render(element, {
        sitekey: config.siteKey,
        hl: language,
        callback: (token: string) => onTokenRef.current(token),
        "expired-callback": () => onTokenRef.current(null),
        "error-callback": () => onTokenRef.current(null),
      });
      widget.current = { api, id };
    });
    return () => {
      cancelled = true;
    };
  }, [provider, config.siteKey, language]);

  useEffect(() => {
    if (resetSignal === 0 || !widget.current) return;
    widget.current.api.reset(widget.current.id);
    onTokenRef.current(null);
  }, [resetSignal]);

  return <div ref={container} data-testid="captcha" />;
}
