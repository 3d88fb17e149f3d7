import { PLAN_LIMITS } from "@handfont/contract";
import { useLanguage } from "../../app/use-language.ts";
import { formatNumber } from "../../i18n/format.ts";
import { LegalPage } from "./LegalPage.tsx";

/** `/{lang}/offer`: terms of service and the public offer for premium, with the limits of contract's plans. */
export default function OfferPage() {
  const language = useLanguage();
  const number = (value: number) => formatNumber(value, language);
  const { free, premium } = PLAN_LIMITS;
  return (
    <LegalPage
      namespace="legal-offer"
      page="offer"
      values={{
        freeFonts: number(free.fonts),
        freeCharacters: number(free.charactersPerFont),
        freeVariants: number(free.variantsPerCharacter),
        premiumFonts: number(premium.fonts),
        premiumCharacters: number(premium.charactersPerFont),
        premiumVariants: number(premium.variantsPerCharacter),
      }}
    />
  );
}
