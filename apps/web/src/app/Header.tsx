import { Burger, Group, Text, UnstyledButton } from "@mantine/core";
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
    <Group h="100%" justify="space-between" wrap="nowrap" className={classes.bar}>
      <UnstyledButton component={AppLink} page="home" className={classes.brand} aria-label={t("nav.home")}>
        <LogoMark />
        <Text fw={700} fz="lg">
          {SITE_NAME}
        </Text>
      </UnstyledButton>
      <Group wrap="nowrap" className={classes.tools}>
        <nav aria-label={t("nav.label")}>
          <Group gap={4} visibleFrom="lg">
            {NAVIGATION.map((item) => (
              <AppLink key={item.label} page={item.page} hash={item.hash} className={classes.link}>
                {t(item.label)}
              </AppLink>
            ))}
          </Group>
        </nav>
        <LanguageSwitcher />
        <AccountLink />
        <Burger
          opened={menuOpened}
          onClick={onToggleMenu}
          hiddenFrom="lg"
          size="sm"
          aria-label={menuOpened ? t("nav.closeMenu") : t("nav.openMenu")}
          aria-expanded={menuOpened}
          aria-controls="mobile-navigation"
        />
      </Group>
    </Group>
  );
}
