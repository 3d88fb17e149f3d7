import { LegalPage } from "./LegalPage.tsx";

/** `/{lang}/CookiesPolicy`: every cookie and stored item, with its purpose and lifetime. */
export default function CookiesPolicyPage() {
  return <LegalPage namespace="legal-cookies" page="cookies" />;
}
