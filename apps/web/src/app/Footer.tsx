import { reopenCookieBanner } from "../features/cookie-consent/consent-store.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { AppLink } from "./AppLink.tsx";
import classes from "./Footer.module.css";
import { SITE_NAME } from "./head.ts";
import layout from "./layout.module.css";
import { useShellSettings } from "./shell-settings.ts";

/** Legal links, cookie settings, diagnostics and the licence note. */
export function Footer() {
  const { t } = useTranslation();
  const operator = useShellSettings()?.operatorName ?? SITE_NAME;
  return (
    <footer className={classes.footer}>
      <div className={`${layout.container} ${classes.inner}`}>
        <div className={classes.columns}>
          <div className={classes.column}>
            <p className={classes.name}>{SITE_NAME}</p>
            <p className={classes.small}>{t("footer.tagline")}</p>
          </div>
          <nav aria-label={t("footer.product")} className={classes.column}>
            <p className={classes.heading}>{t("footer.product")}</p>
            <AppLink page="functions" className={classes.link}>
              {t("nav.functions")}
            </AppLink>
            <AppLink page="functions" hash="plans" className={classes.link}>
              {t("nav.plans")}
            </AppLink>
            <AppLink page="debug" className={classes.link}>
              {t("footer.debug")}
            </AppLink>
          </nav>
          <nav aria-label={t("footer.legal")} className={classes.column}>
            <p className={classes.heading}>{t("footer.legal")}</p>
            <AppLink page="privacy" className={classes.link}>
              {t("footer.privacy")}
            </AppLink>
            <AppLink page="cookies" className={classes.link}>
              {t("footer.cookies")}
            </AppLink>
            <AppLink page="offer" className={classes.link}>
              {t("footer.offer")}
            </AppLink>
            <button type="button" onClick={reopenCookieBanner} className={classes.textButton}>
              {t("footer.cookieSettings")}
            </button>
          </nav>
        </div>
        <div className={classes.bottom}>
          <p className={classes.fine}>{t("footer.copyright", { year: new Date().getFullYear(), operator })}</p>
          <p className={`${classes.fine} ${classes.license}`}>{t("footer.license")}</p>
        </div>
      </div>
    </footer>
  );
}
