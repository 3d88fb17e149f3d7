import { LegalPage } from "./LegalPage.tsx";

/** `/{lang}/privacy`: what Handfont stores and why. */
export default function PrivacyPage() {
  return <LegalPage namespace="legal-privacy" page="privacy" />;
}
