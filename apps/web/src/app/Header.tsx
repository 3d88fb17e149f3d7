import { AccountLink } from "../features/auth/AccountLink.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { AppLink } from "./AppLink.tsx";
import classes from "./Header.module.css";
import { SITE_NAME } from "./head.ts";
import { LogoMark } from "./icons.tsx";
import { LanguageSwitcher } from "./LanguageSwitcher.tsx";
import { NAVIGATION } from "./navigation.ts";

/** Logo, main navigation (collapsed into a menu below the spec's mobile breakpoint) and the language switch. */
export function Header({ menuOpened, onToggleMenu }: { menuOpened: boolean; onToggleMenu: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={classes.bar}>
      <AppLink page="home" className={classes.brand} aria-label={t("nav.home")}>
        <LogoMark />
        <p className={classes.brandName}>{SITE_NAME}</p>
      </AppLink>
      <div className={classes.tools}>
        <nav aria-label={t("nav.label")}>
          <div className={classes.links}>
            {NAVIGATION.map((item) => (
              <AppLink key={item.label} page={item.page} hash={item.hash} className={classes.link}>
                {t(item.label)}
              </AppLink>
            ))}
          </div>
        </nav>
        <LanguageSwitcher />
        <AccountLink />
        <button
          type="button"
          className={classes.burger}
          onClick={onToggleMenu}
          aria-label={menuOpened ? t("nav.closeMenu") : t("nav.openMenu")}
          aria-expanded={menuOpened}
          aria-controls="mobile-navigation"
        >
          <span className={classes.burgerLines} data-opened={menuOpened || undefined} />
        </button>
      </div>
    </div>
  );
}
