import type { TranslationTree } from "../../i18n/translator.ts";

/** This language's texts, one lazy chunk per namespace; i18n.ts loads this table only for the active language. */
export default import.meta.glob<{ default: TranslationTree }>("./*.json");
