import { type Language, readyMadeNameKey } from "@handfont/contract";

const INSTRUCTIONS: Record<Language, string> = {
  en: "Write one character in each box with a dark pen, sitting on the baseline. Keep the corner marks and the QR code clean.",
  ru: "Впишите по одному символу в каждую клетку тёмной ручкой, опираясь на базовую линию. Не закрывайте угловые метки и QR-код.",
  de: "Schreibe mit einem dunklen Stift je ein Zeichen in jedes Kästchen, auf die Grundlinie. Halte Eckmarken und QR-Code sauber.",
  es: "Escribe un carácter en cada casilla con un bolígrafo oscuro, apoyado en la línea base. Deja limpias las marcas de las esquinas y el código QR.",
  fr: "Écrivez un caractère par case avec un stylo foncé, posé sur la ligne de base. Laissez les repères d’angle et le code QR propres.",
  it: "Scrivi un carattere in ogni casella con una penna scura, appoggiato alla linea di base. Lascia puliti i segni agli angoli e il codice QR.",
  uk: "Впишіть по одному символу в кожну клітинку темною ручкою, спираючись на базову лінію. Не закривайте кутові мітки й QR-код.",
};

/** How to write an accent mark, printed on templates that have mark boxes (each with a dotted circle). */
const MARK_NOTES: Record<Language, string> = {
  en: "A box with a dotted circle takes only an accent, written where it sits on that circle: the font adds it to your letters.",
  ru: "В клетку с пунктирным кружком впишите только знак — там, где он стоит на этом кружке: шрифт сам добавит его к вашим буквам.",
  de: "In ein Kästchen mit gepunktetem Kreis kommt nur ein Akzent, dort, wo er auf dem Kreis säße: Die Schrift setzt ihn auf deine Buchstaben.",
  es: "En una casilla con un círculo punteado va solo un acento, donde iría sobre ese círculo: la fuente lo pone sobre tus letras.",
  fr: "Une case avec un cercle en pointillés ne reçoit qu’un accent, placé comme sur ce cercle : la police l’ajoute à vos lettres.",
  it: "In una casella con un cerchio tratteggiato va solo un accento, dove starebbe su quel cerchio: il font lo aggiunge alle tue lettere.",
  uk: "У клітинку з пунктирним колом впишіть лише знак — там, де він стоїть на цьому колі: шрифт сам додасть його до ваших літер.",
};

/** The names of the ready-made templates (services/ready-made-templates.ts) as printed on their pages, by name key. */
export const READY_MADE_NAMES: Record<Language, Record<string, string>> = {
  en: {
    "ready-en": "English",
    "ready-ru": "Russian",
    "ready-de": "German",
    "ready-es": "Spanish",
    "ready-fr": "French",
    "ready-it": "Italian",
    "ready-uk": "Ukrainian",
    "ready-full": "Full Latin and Cyrillic",
  },
  ru: {
    "ready-en": "Английский",
    "ready-ru": "Русский",
    "ready-de": "Немецкий",
    "ready-es": "Испанский",
    "ready-fr": "Французский",
    "ready-it": "Итальянский",
    "ready-uk": "Украинский",
    "ready-full": "Полная латиница и кириллица",
  },
  de: {
    "ready-en": "Englisch",
    "ready-ru": "Russisch",
    "ready-de": "Deutsch",
    "ready-es": "Spanisch",
    "ready-fr": "Französisch",
    "ready-it": "Italienisch",
    "ready-uk": "Ukrainisch",
    "ready-full": "Vollständig Lateinisch und Kyrillisch",
  },
  es: {
    "ready-en": "Inglés",
    "ready-ru": "Ruso",
    "ready-de": "Alemán",
    "ready-es": "Español",
    "ready-fr": "Francés",
    "ready-it": "Italiano",
    "ready-uk": "Ucraniano",
    "ready-full": "Latino y cirílico completos",
  },
  fr: {
    "ready-en": "Anglais",
    "ready-ru": "Russe",
    "ready-de": "Allemand",
    "ready-es": "Espagnol",
    "ready-fr": "Français",
    "ready-it": "Italien",
    "ready-uk": "Ukrainien",
    "ready-full": "Latin et cyrillique complets",
  },
  it: {
    "ready-en": "Inglese",
    "ready-ru": "Russo",
    "ready-de": "Tedesco",
    "ready-es": "Spagnolo",
    "ready-fr": "Francese",
    "ready-it": "Italiano",
    "ready-uk": "Ucraino",
    "ready-full": "Latino e cirillico completi",
  },
  uk: {
    "ready-en": "Англійська",
    "ready-ru": "Російська",
    "ready-de": "Німецька",
    "ready-es": "Іспанська",
    "ready-fr": "Французька",
    "ready-it": "Італійська",
    "ready-uk": "Українська",
    "ready-full": "Повна латиниця й кирилиця",
  },
};

/**
 * Texts printed on every page of a template PDF, in the user's language: the template's name (a ready-made
 * template's in that language), the instruction, the note on accent marks (printed when the template has them) and
 * the date the template was made.
 */
export function templateTexts(
  language: Language,
  template: { name: string; readyMadeId: string | null; createdAt: Date },
): { name: string; instruction: string; markNote: string; date: Date } {
  const name =
    (template.readyMadeId && READY_MADE_NAMES[language][readyMadeNameKey(template.readyMadeId)]) || template.name;
  return { name, instruction: INSTRUCTIONS[language], markNote: MARK_NOTES[language], date: template.createdAt };
}
