import { LANGUAGES } from "@handfont/contract";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { LANGUAGE_NAMES } from "../i18n/language-names.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { CheckIcon, GlobeIcon } from "./icons.tsx";
import classes from "./LanguageSwitcher.module.css";
import { switchLanguagePath } from "./language-path.ts";
import { useLanguage } from "./use-language.ts";

/**
 * The language list: a disclosure button and the seven languages as plain links to the current page in each. Kept
 * this small (no popover library) because every page, the home page first, downloads it.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const language = useLanguage();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();

  // A chosen language (a new location) closes the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger, not an input.
  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const code = language.toUpperCase();
  return (
    <div ref={root} className={classes.root}>
      <button
        type="button"
        ref={button}
        className={classes.button}
        aria-expanded={open}
        aria-controls={listId}
        // The accessible name starts with the visible text (WCAG 2.5.3, label in name).
        aria-label={`${code}: ${t("language.current", { name: LANGUAGE_NAMES[language] })}`}
        onClick={() => setOpen((value) => !value)}
        data-testid="language-switcher"
      >
        <GlobeIcon size={18} />
        <span>{code}</span>
      </button>
      <div id={listId} className={classes.dropdown} hidden={!open}>
        <p className={classes.label}>{t("language.label")}</p>
        <ul className={classes.list}>
          {LANGUAGES.map((entry) => (
            <li key={entry}>
              <Link
                to={switchLanguagePath(location, entry)}
                lang={entry}
                hrefLang={entry}
                className={classes.item}
                aria-current={entry === language ? "true" : undefined}
              >
                <span>{LANGUAGE_NAMES[entry]}</span>
                {entry === language && <CheckIcon size={16} />}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
