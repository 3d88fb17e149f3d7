import { LANGUAGES } from "@handfont/contract";
import { Button, Menu } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { LANGUAGE_NAMES } from "../i18n/language-names.ts";
import { CheckIcon, GlobeIcon } from "./icons.tsx";
import { switchLanguagePath } from "./language-path.ts";
import { useLanguage } from "./use-language.ts";

/** The language menu: every entry leads to the current page in that language. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const language = useLanguage();
  const location = useLocation();
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={200}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          leftSection={<GlobeIcon size={18} />}
          aria-label={t("language.current", { name: LANGUAGE_NAMES[language] })}
          data-testid="language-switcher"
        >
          {language.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("language.label")}</Menu.Label>
        {LANGUAGES.map((code) => (
          <Menu.Item
            key={code}
            component={Link}
            to={switchLanguagePath(location, code)}
            lang={code}
            hrefLang={code}
            rightSection={code === language ? <CheckIcon size={16} /> : null}
            aria-current={code === language ? "true" : undefined}
          >
            {LANGUAGE_NAMES[code]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
