import { AppShell, Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigation } from "react-router";
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

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: 280, breakpoint: "lg", collapsed: { mobile: !menuOpened, desktop: true } }}
      padding={0}
      className={classes.shell}
    >
      <a href="#main-content" className={classes.skipLink}>
        {t("skipToContent")}
      </a>
      <AppShell.Header>
        <Header menuOpened={menuOpened} onToggleMenu={menu.toggle} />
      </AppShell.Header>
      {/* Closed, the menu is only moved off screen: inert keeps its links out of the tab order and screen readers. */}
      <AppShell.Navbar p="md" id="mobile-navigation" aria-label={t("nav.label")} inert={!menuOpened}>
        <Stack gap={4}>
          {NAVIGATION.map((item) => (
            <AppLink key={item.label} page={item.page} hash={item.hash} className={headerClasses.mobileLink}>
              {t(item.label)}
            </AppLink>
          ))}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main} aria-busy={navigation.state !== "idle"}>
        {children}
      </AppShell.Main>
      <Footer />
    </AppShell>
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
