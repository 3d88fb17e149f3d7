import type { MessageCatalogue } from "./errors.ts";

/** Error codes of letters as documents (letters.ts): revisions, document checks and the limits of a font. */
export const LETTER_ERROR_CODES = [
  "LETTER_CONFLICT",
  "LETTER_INVALID",
  "LETTER_TOO_COMPLEX",
  "FONT_TOO_MANY_LETTERS",
  "FONT_TOO_LARGE",
] as const;
export type LetterErrorCode = (typeof LETTER_ERROR_CODES)[number];

export const LETTER_ERROR_MESSAGES: MessageCatalogue<LetterErrorCode> = {
  en: {
    LETTER_CONFLICT:
      "This letter was changed meanwhile, in another tab or on another device. Your change was not saved; the current version is shown.",
    LETTER_INVALID: "This letter's drawing could not be read. Please draw or upload it again.",
    LETTER_TOO_COMPLEX: "This letter has too many points or strokes. Please simplify it and try again.",
    FONT_TOO_MANY_LETTERS: "A font can hold at most 5,000 letters. Please remove some letters first.",
    FONT_TOO_LARGE: "The letters of this font take up too much space. Please simplify or remove some letters.",
  },
  ru: {
    LETTER_CONFLICT:
      "Эту букву тем временем изменили в другой вкладке или на другом устройстве. Ваше изменение не сохранено; показана текущая версия.",
    LETTER_INVALID: "Не удалось прочитать рисунок этой буквы. Нарисуйте или загрузите её заново.",
    LETTER_TOO_COMPLEX: "В этой букве слишком много точек или штрихов. Упростите её и попробуйте снова.",
    FONT_TOO_MANY_LETTERS: "В шрифте может быть не больше 5000 букв. Сначала удалите часть букв.",
    FONT_TOO_LARGE: "Буквы этого шрифта занимают слишком много места. Упростите или удалите часть букв.",
  },
  de: {
    LETTER_CONFLICT:
      "Dieser Buchstabe wurde inzwischen in einem anderen Tab oder auf einem anderen Gerät geändert. Deine Änderung wurde nicht gespeichert; die aktuelle Fassung wird angezeigt.",
    LETTER_INVALID:
      "Die Zeichnung dieses Buchstabens konnte nicht gelesen werden. Bitte zeichne oder lade ihn erneut hoch.",
    LETTER_TOO_COMPLEX:
      "Dieser Buchstabe hat zu viele Punkte oder Striche. Bitte vereinfache ihn und versuche es erneut.",
    FONT_TOO_MANY_LETTERS:
      "Eine Schrift kann höchstens 5.000 Buchstaben enthalten. Bitte entferne zuerst einige Buchstaben.",
    FONT_TOO_LARGE:
      "Die Buchstaben dieser Schrift belegen zu viel Platz. Bitte vereinfache oder entferne einige Buchstaben.",
  },
  es: {
    LETTER_CONFLICT:
      "Esta letra se ha modificado mientras tanto en otra pestaña o en otro dispositivo. Tu cambio no se ha guardado; se muestra la versión actual.",
    LETTER_INVALID: "No se ha podido leer el dibujo de esta letra. Dibújala o súbela de nuevo.",
    LETTER_TOO_COMPLEX: "Esta letra tiene demasiados puntos o trazos. Simplifícala e inténtalo de nuevo.",
    FONT_TOO_MANY_LETTERS: "Una fuente puede tener como máximo 5000 letras. Elimina antes algunas letras.",
    FONT_TOO_LARGE: "Las letras de esta fuente ocupan demasiado espacio. Simplifica o elimina algunas letras.",
  },
  fr: {
    LETTER_CONFLICT:
      "Cette lettre a été modifiée entre-temps dans un autre onglet ou sur un autre appareil. Votre modification n’a pas été enregistrée ; la version actuelle est affichée.",
    LETTER_INVALID: "Le dessin de cette lettre n’a pas pu être lu. Dessinez-la ou importez-la à nouveau.",
    LETTER_TOO_COMPLEX: "Cette lettre a trop de points ou de traits. Simplifiez-la et réessayez.",
    FONT_TOO_MANY_LETTERS: "Une police peut contenir au plus 5 000 lettres. Supprimez d’abord quelques lettres.",
    FONT_TOO_LARGE: "Les lettres de cette police prennent trop de place. Simplifiez ou supprimez quelques lettres.",
  },
  it: {
    LETTER_CONFLICT:
      "Questa lettera è stata modificata nel frattempo in un’altra scheda o su un altro dispositivo. La tua modifica non è stata salvata; viene mostrata la versione attuale.",
    LETTER_INVALID: "Non è stato possibile leggere il disegno di questa lettera. Disegnala o caricala di nuovo.",
    LETTER_TOO_COMPLEX: "Questa lettera ha troppi punti o tratti. Semplificala e riprova.",
    FONT_TOO_MANY_LETTERS: "Un font può contenere al massimo 5.000 lettere. Rimuovi prima alcune lettere.",
    FONT_TOO_LARGE: "Le lettere di questo font occupano troppo spazio. Semplifica o rimuovi alcune lettere.",
  },
  uk: {
    LETTER_CONFLICT:
      "Цю літеру тим часом змінили в іншій вкладці або на іншому пристрої. Вашу зміну не збережено; показано поточну версію.",
    LETTER_INVALID: "Не вдалося прочитати малюнок цієї літери. Намалюйте або завантажте її знову.",
    LETTER_TOO_COMPLEX: "У цій літері забагато точок або штрихів. Спростіть її та спробуйте ще раз.",
    FONT_TOO_MANY_LETTERS: "У шрифті може бути не більше 5000 літер. Спершу видаліть частину літер.",
    FONT_TOO_LARGE: "Літери цього шрифту займають забагато місця. Спростіть або видаліть частину літер.",
  },
};
