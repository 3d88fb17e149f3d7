import { Container, Text, Title } from "@mantine/core";
import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { i18n } from "../i18n/i18n.ts";
import { ErrorPage } from "../pages/error/ErrorPage.tsx";

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
    <Container size="sm" py={80}>
      <Text c="dimmed">{notFound ? 404 : 500}</Text>
      <Title order={1}>{notFound ? `Page Not Found: ${pathname}` : "Internal Server Error"}</Title>
    </Container>
  );
}
