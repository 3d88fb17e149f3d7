import type { MessageCatalogue } from "./errors.ts";

/** What the font compiler reports about a build; `{chars}` stands for the characters concerned. */
export const FONT_DIAGNOSTIC_CODES = [
  "FONT_MISSING_COMMON_CHARACTERS",
  "FONT_GLYPH_EMPTY",
  "FONT_GLYPH_SIZE_OUTLIER",
  "FONT_LIGATURE_UNREACHABLE",
  "FONT_KERNING_PAIR_UNKNOWN",
  "FONT_OVERLAPS_REMOVED",
  "FONT_COMPOSITES_BUILT",
  "FONT_MARK_LIKE_LETTER",
] as const;
export type FontDiagnosticCode = (typeof FONT_DIAGNOSTIC_CODES)[number];

export const FONT_DIAGNOSTIC_MESSAGES: MessageCatalogue<FontDiagnosticCode> = {
  en: {
    FONT_MISSING_COMMON_CHARACTERS: "Common characters not written yet: {chars}",
    FONT_GLYPH_EMPTY: "Letters without an outline were left out: {chars}",
    FONT_GLYPH_SIZE_OUTLIER: "Much larger or smaller than similar letters: {chars}",
    FONT_LIGATURE_UNREACHABLE: "Ligatures left out because one of their letters is missing: {chars}",
    FONT_KERNING_PAIR_UNKNOWN: "Kerning pairs name characters the font does not have: {chars}",
    FONT_OVERLAPS_REMOVED: "Overlapping strokes were merged in: {chars}",
    FONT_COMPOSITES_BUILT: "Accented letters built from your letters and marks: {chars}",
    FONT_MARK_LIKE_LETTER: "Marks written like whole letters were not put on your letters: {chars}",
  },
  ru: {
    FONT_MISSING_COMMON_CHARACTERS: "Ещё не написаны частые символы: {chars}",
    FONT_GLYPH_EMPTY: "Буквы без контура не вошли в шрифт: {chars}",
    FONT_GLYPH_SIZE_OUTLIER: "Намного больше или меньше похожих букв: {chars}",
    FONT_LIGATURE_UNREACHABLE: "Лигатуры не вошли в шрифт, потому что нет одной из их букв: {chars}",
    FONT_KERNING_PAIR_UNKNOWN: "В парах кернинга есть символы, которых нет в шрифте: {chars}",
    FONT_OVERLAPS_REMOVED: "Пересекающиеся штрихи объединены в: {chars}",
    FONT_COMPOSITES_BUILT: "Буквы с диакритикой собраны из ваших букв и знаков: {chars}",
    FONT_MARK_LIKE_LETTER: "Знаки, написанные как целые буквы, не поставлены на ваши буквы: {chars}",
  },
  de: {
    FONT_MISSING_COMMON_CHARACTERS: "Häufige Zeichen, die noch fehlen: {chars}",
    FONT_GLYPH_EMPTY: "Buchstaben ohne Umriss wurden weggelassen: {chars}",
    FONT_GLYPH_SIZE_OUTLIER: "Viel größer oder kleiner als ähnliche Buchstaben: {chars}",
    FONT_LIGATURE_UNREACHABLE: "Ligaturen weggelassen, weil einer ihrer Buchstaben fehlt: {chars}",
    FONT_KERNING_PAIR_UNKNOWN: "Unterschneidungspaare nennen Zeichen, die die Schrift nicht hat: {chars}",
    FONT_OVERLAPS_REMOVED: "Überlappende Striche wurden zusammengeführt in: {chars}",
    FONT_COMPOSITES_BUILT: "Buchstaben mit Akzent aus deinen Buchstaben und Zeichen gebaut: {chars}",
    FONT_MARK_LIKE_LETTER:
      "Wie ganze Buchstaben geschriebene Zeichen wurden nicht auf deine Buchstaben gesetzt: {chars}",
  },
  es: {
    FONT_MISSING_COMMON_CHARACTERS: "Caracteres frecuentes que aún faltan: {chars}",
    FONT_GLYPH_EMPTY: "Se omitieron letras sin contorno: {chars}",
    FONT_GLYPH_SIZE_OUTLIER: "Mucho más grandes o más pequeñas que letras parecidas: {chars}",
    FONT_LIGATURE_UNREACHABLE: "Se omitieron ligaduras porque falta una de sus letras: {chars}",
    FONT_KERNING_PAIR_UNKNOWN: "Hay pares de interletraje con caracteres que la fuente no tiene: {chars}",
    FONT_OVERLAPS_REMOVED: "Se unieron trazos superpuestos en: {chars}",
    FONT_COMPOSITES_BUILT: "Letras acentuadas creadas con tus letras y signos: {chars}",
    FONT_MARK_LIKE_LETTER: "Los signos escritos como letras enteras no se pusieron sobre tus letras: {chars}",
  },
  fr: {
    FONT_MISSING_COMMON_CHARACTERS: "Caractères courants pas encore écrits\u202f: {chars}",
    FONT_GLYPH_EMPTY: "Lettres sans contour laissées de côté\u202f: {chars}",
    FONT_GLYPH_SIZE_OUTLIER: "Bien plus grandes ou plus petites que les lettres semblables\u202f: {chars}",
    FONT_LIGATURE_UNREACHABLE: "Ligatures laissées de côté, car une de leurs lettres manque\u202f: {chars}",
    FONT_KERNING_PAIR_UNKNOWN: "Des paires de crénage citent des caractères absents de la police\u202f: {chars}",
    FONT_OVERLAPS_REMOVED: "Traits superposés fusionnés dans\u202f: {chars}",
    FONT_COMPOSITES_BUILT: "Lettres accentuées construites à partir de vos lettres et signes\u202f: {chars}",
    FONT_MARK_LIKE_LETTER: "Signes écrits comme des lettres entières, non posés sur vos lettres\u202f: {chars}",
  },
  it: {
    FONT_MISSING_COMMON_CHARACTERS: "Caratteri frequenti non ancora scritti: {chars}",
    FONT_GLYPH_EMPTY: "Lettere senza contorno escluse: {chars}",
    FONT_GLYPH_SIZE_OUTLIER: "Molto più grandi o più piccole di lettere simili: {chars}",
    FONT_LIGATURE_UNREACHABLE: "Legature escluse perché manca una delle loro lettere: {chars}",
    FONT_KERNING_PAIR_UNKNOWN: "Coppie di crenatura con caratteri che il font non ha: {chars}",
    FONT_OVERLAPS_REMOVED: "Tratti sovrapposti uniti in: {chars}",
    FONT_COMPOSITES_BUILT: "Lettere accentate create dalle tue lettere e dai segni: {chars}",
    FONT_MARK_LIKE_LETTER: "Segni scritti come lettere intere, non messi sulle tue lettere: {chars}",
  },
  uk: {
    FONT_MISSING_COMMON_CHARACTERS: "Ще не написані поширені символи: {chars}",
    FONT_GLYPH_EMPTY: "Літери без контуру не ввійшли до шрифту: {chars}",
    FONT_GLYPH_SIZE_OUTLIER: "Значно більші або менші за схожі літери: {chars}",
    FONT_LIGATURE_UNREACHABLE: "Лігатури не ввійшли до шрифту, бо бракує однієї з їхніх літер: {chars}",
    FONT_KERNING_PAIR_UNKNOWN: "У парах кернінгу є символи, яких немає в шрифті: {chars}",
    FONT_OVERLAPS_REMOVED: "Штрихи, що перетинаються, об’єднано в: {chars}",
    FONT_COMPOSITES_BUILT: "Літери з діакритикою зібрано з ваших літер і знаків: {chars}",
    FONT_MARK_LIKE_LETTER: "Знаки, написані як цілі літери, не поставлено на ваші літери: {chars}",
  },
};
