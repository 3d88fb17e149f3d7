import { Anchor, Text } from "@mantine/core";
import { Link } from "react-router";
import { useTranslation } from "../i18n/use-translation.ts";
import classes from "./Breadcrumbs.module.css";

export interface Crumb {
  title: string;
  /** Absent for the current page. */
  href?: string;
}

/** Where the page sits in the site (its JSON-LD twin is breadcrumbJsonLd). */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  const { t } = useTranslation("content");
  return (
    <nav aria-label={t("breadcrumb.label")}>
      <ol className={classes.list}>
        {items.map((item) => (
          <li key={item.title} className={classes.item}>
            {item.href ? (
              <Anchor component={Link} to={item.href} size="sm" className={classes.link}>
                {item.title}
              </Anchor>
            ) : (
              <Text component="span" size="sm" aria-current="page">
                {item.title}
              </Text>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
