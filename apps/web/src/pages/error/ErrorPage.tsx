import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { AppLink } from "../../app/AppLink.tsx";
import { buttonClass } from "../../app/buttons.ts";
import layout from "../../app/layout.module.css";
import { usePageMeta } from "../../app/use-page-meta.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import classes from "./ErrorPage.module.css";

/** Spec §2 error page: 404 names the path ("Page Not Found: {path}"); anything else is an Internal Server Error. */
export function ErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  const { t } = useTranslation("errors");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  const path = `${location.pathname}${location.search}`;
  const title = notFound ? t("notFound.title") : t("internal.title");
  const hint = notFound ? t("notFound.hint") : t("internal.hint");

  usePageMeta({ title, description: hint, noindex: true });

  return (
    <div className={`${layout.containerSm} ${classes.page}`}>
      <p className={classes.status} data-testid="error-status">
        {t("status", { status })}
      </p>
      <h1 className={`${layout.title} ${layout.h1} ${classes.message}`} data-testid="error-message">
        {notFound ? t("notFound.message", { path }) : t("internal.message")}
      </h1>
      <p className={`${layout.text} ${layout.md} ${layout.dimmed}`}>{hint}</p>
      <div className={`${layout.group} ${classes.actions}`}>
        <AppLink page="home" className={buttonClass()}>
          {t("backHome")}
        </AppLink>
        {!notFound && (
          <button type="button" className={buttonClass("default")} onClick={() => window.location.reload()}>
            {t("reload")}
          </button>
        )}
      </div>
    </div>
  );
}
