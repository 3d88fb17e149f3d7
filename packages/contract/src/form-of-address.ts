import type { Language } from "./languages.ts";

const NOT_A_LETTER_BEFORE = "(?<![\\p{L}\\p{N}_])";
const NOT_A_LETTER_AFTER = "(?![\\p{L}\\p{N}_])";
/** Any of the words, as a whole word; `flags` says whether case counts (German "Sie" must not match "sie"). */
const words = (list: readonly string[], flags: "u" | "iu") =>
  new RegExp(`${NOT_A_LETTER_BEFORE}(?:${list.join("|")})${NOT_A_LETTER_AFTER}`, flags);

/**
 * How Handfont addresses the user, in the web app, the content pages, the mails and the API messages alike: one
 * form per language. German, Spanish and Italian use the informal form (du, tú, tu), as creative consumer apps in
 * those languages do; Russian, Ukrainian and French the polite one (вы, ви, vous), the norm of product interfaces
 * there; English has no such choice.
 *
 * Listed here are the words of the form a language does not use: pronouns and possessives, plus imperatives
 * that only the other form has. Forms that double as ordinary words are left out (Spanish "salvo que elija" is a
 * subjunctive, Italian "che carichi" is tu, French "choisis" is also a participle), so a hit is almost always a
 * real slip; the few that are not (German "Sie" meaning "they") are allowed by the tests text by text.
 */
const OTHER_FORM: Record<Language, RegExp[]> = {
  en: [],
  de: [words(["Sie", "Ihr", "Ihre", "Ihren", "Ihrem", "Ihrer", "Ihres", "Ihnen"], "u")],
  ru: [
    words(["ты", "тебя", "тебе", "тобой", "тобою", "тво(й|я|ё|е|и|его|ей|ему|им|их|ю|ими)"], "iu"),
    words(
      ["нажми", "выбери", "загрузи", "попробуй", "введи", "открой", "проверь", "нарисуй", "скачай", "добавь"],
      "iu",
    ),
    words(["сохрани", "укажи", "подожди", "перейди", "создай", "распечатай", "заполни"], "iu"),
  ],
  uk: [
    words(["ти", "тебе", "тобі", "тобою", "твій", "тво(я|є|ї|го|єї|єму|їм|їх|ю|їми)"], "iu"),
    words(["натисни", "вибери", "обери", "завантаж", "спробуй", "введи", "відкрий", "перевір", "намалюй"], "iu"),
    words(["додай", "збережи", "вкажи", "зачекай", "перейди", "створи", "заповни"], "iu"),
  ],
  fr: [words(["tu", "te", "toi", "ton", "ta", "tes"], "iu"), new RegExp(`${NOT_A_LETTER_BEFORE}t['’]\\p{L}`, "iu")],
  es: [
    words(["usted", "ustedes"], "iu"),
    words(["Elija", "Suba", "Haga", "Descargue", "Escriba", "Pruebe", "Introduzca", "Seleccione", "Compruebe"], "u"),
    words(["Intente", "Vuelva", "Espere", "Asegúrese", "Abra", "Guarde", "Añada", "Pulse", "Indique", "Revise"], "u"),
    words(["Dibuje", "Imprima", "Rellene", "Utilice", "Elimine", "Confirme"], "u"),
  ],
  it: [
    words(["Lei", "Suo", "Sua", "Suoi", "Sue", "La preghiamo", "[Ss]i assicuri"], "u"),
    words(["Scelga", "Inserisca", "Apra", "Scriva", "Attenda", "Segua", "Prema", "Aggiunga", "Riempia", "Legga"], "u"),
    words(["Metta", "Tenga"], "u"),
  ],
};

/** The sentences of `text` that address the user in the form `language` does not use, in order; none for English. */
export function sentencesInOtherForm(language: Language, text: string): string[] {
  return text
    .split(/(?<=[.!?…])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => OTHER_FORM[language].some((pattern) => sentence.search(pattern) !== -1));
}
