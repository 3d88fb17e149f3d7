import { AppLink } from "../../app/AppLink.tsx";
import { buttonClass } from "../../app/buttons.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import classes from "./CookieBanner.module.css";
import { shouldShowBanner } from "./consent.ts";
import { acceptCookies, rejectCookies, useConsent } from "./consent-store.ts";

/** Spec §4: asks once for consent to analytics cookies; both choices are one click and equally prominent. */
export function CookieBanner() {
  const flags = useConsent();
  const { t, ready } = useTranslation("cookie-consent");
  if (!ready || !shouldShowBanner(flags)) return null;
  return (
    <section aria-labelledby="cookie-banner-title" className={classes.banner} data-testid="cookie-banner">
      <p className={classes.title} id="cookie-banner-title">
        {t("title")}
      </p>
      <p className={classes.text}>
        {t("text")}{" "}
        <AppLink page="cookies" className={classes.link}>
          {t("learnMore")}
        </AppLink>
      </p>
      <div className={classes.actions}>
        <button type="button" className={buttonClass("default")} onClick={rejectCookies}>
          {t("reject")}
        </button>
        <button type="button" className={buttonClass()} onClick={acceptCookies}>
          {t("accept")}
        </button>
      </div>
    </section>
  );
}
