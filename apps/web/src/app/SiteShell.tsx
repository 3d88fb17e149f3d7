import { useDisclosure } from "@mantine/hooks";
import { Suspense, useEffect } from "react";
import { Outlet, useLocation, useNavigation } from "react-router";
import { useTranslation } from "../i18n/use-translation.ts";
import { ErrorPage } from "../pages/error/ErrorPage.tsx";
import { AppLink } from "./AppLink.tsx";
import { Footer } from "./Footer.tsx";
import headerClasses from "./Header.module.css";
import { Header } from "./Header.tsx";
import { NAVIGATION } from "./navigation.ts";
import classes from "./SiteShell.module.css";

export const HEADER_HEIGHT = 64;

function Shell({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const [menuOpened, menu] = useDisclosure(false);
  const navigation = useNavigation();
  const location = useLocation();

  // The mobile menu closes once the chosen page is on screen.
  useEffect(() => {
    if (location.key) menu.close();
  }, [location.key, menu.close]);

  // Plain elements and CSS rather than Mantine's AppShell: the frame is on every page, the home page first, and
  // AppShell with its scroll-lock and transition code would be a tenth of what that page downloads.
  // The header, the page and the footer are each a Suspense boundary: a prerendered page hydrates them as separate
  // units of work, each committed in its own task, instead of one commit of the whole page (~15 ms of CPU on a
  // post, 60 ms on Lighthouse's phone); a tap lands in the part it hits, which React hydrates first.
  return (
    <div className={classes.shell}>
      <a href="#main-content" className={classes.skipLink}>
        {t("skipToContent")}
      </a>
      <header className={classes.header} style={{ height: HEADER_HEIGHT }}>
        <Suspense>
          <Header menuOpened={menuOpened} onToggleMenu={menu.toggle} />
        </Suspense>
      </header>
      {/* Closed, the menu is only moved off screen: inert keeps its links out of the tab order and screen readers. */}
      <nav
        id="mobile-navigation"
        className={classes.navbar}
        data-open={menuOpened || undefined}
        aria-label={t("nav.label")}
        inert={!menuOpened}
      >
        {NAVIGATION.map((item) => (
          <AppLink key={item.label} page={item.page} hash={item.hash} className={headerClasses.mobileLink}>
            {t(item.label)}
          </AppLink>
        ))}
      </nav>
      <main id="main-content" tabIndex={-1} className={classes.main} aria-busy={navigation.state !== "idle"}>
        <Suspense>{children}</Suspense>
      </main>
      <Suspense>
        <Footer />
      </Suspense>
    </div>
  );
}

/** Header, main area and footer around the page of the current route. */
export function SiteShell() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/** The shell around the error page, for failures of the `/{lang}` route itself (such as an unknown language). */
export function SiteShellWithErrorPage() {
  return (
    <Shell>
      <ErrorPage />
    </Shell>
  );
}
