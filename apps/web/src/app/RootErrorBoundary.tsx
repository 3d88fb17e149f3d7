import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { i18n } from "../i18n/i18n.ts";
import { ErrorPage } from "../pages/error/ErrorPage.tsx";
import layout from "./layout.module.css";

/**
 * The last boundary, for failures above the language layout. With the error texts loaded it is the normal
 * error page; if even those could not load (offline start), it falls back to the spec's English wording.
 */
export function RootErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  if (i18n.hasResourceBundle(i18n.language, "errors")) return <ErrorPage />;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className={`${layout.containerSm} ${layout.fallbackPage}`}>
      <p className={`${layout.text} ${layout.md} ${layout.dimmed}`}>{notFound ? 404 : 500}</p>
      <h1 className={`${layout.title} ${layout.h1}`}>
        {notFound ? `Page Not Found: ${pathname}` : "Internal Server Error"}
      </h1>
    </div>
  );
}
