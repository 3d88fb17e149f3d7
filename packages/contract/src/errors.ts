import { z } from "zod";
import type { Language } from "./languages.ts";

/**
 * Every error the API returns has this body. `code` is stable and machine-readable; `message` is in the
 * request's language. Extra fields (such as the user id of EMAIL_NOT_CONFIRMED, spec §8) ride along.
 */
export const ApiErrorBody = z
  .object({
    code: z.string(),
    message: z.string(),
  })
  .catchall(z.unknown());
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** A message per language for each code of one feature; features keep their own catalogue beside this one. */
export type MessageCatalogue<Code extends string> = Record<Language, Record<Code, string>>;

export const CORE_ERROR_CODES = [
  "VALIDATION",
  "NOT_FOUND",
  "INTERNAL",
  "XSRF",
  "RATE_LIMITED",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "INVALID_CHARACTERS",
  "UPLOAD_MALFORMED",
  "HEADERS_TOO_LARGE",
  "IDEMPOTENCY_KEY_REUSED",
] as const;
export type CoreErrorCode = (typeof CORE_ERROR_CODES)[number];

export const CORE_ERROR_MESSAGES: MessageCatalogue<CoreErrorCode> = {
  en: {
    VALIDATION: "Some of the data sent is not valid.",
    NOT_FOUND: "Not found.",
    INTERNAL: "Something went wrong on our side. Please try again.",
    XSRF: "The request could not be verified. Reload the page and try again.",
    RATE_LIMITED: "Too many attempts. Please wait a moment and try again.",
    UNAUTHORIZED: "Please sign in.",
    FORBIDDEN: "You are not allowed to do this.",
    PAYLOAD_TOO_LARGE: "The request is too large.",
    UNSUPPORTED_MEDIA_TYPE: "This content type is not supported.",
    INVALID_CHARACTERS:
      "Some text contains characters that cannot be used (such as control characters). Remove them and try again.",
    UPLOAD_MALFORMED: "The upload arrived incomplete or damaged. Please try again.",
    HEADERS_TOO_LARGE: "The request headers are too large. Clearing this site’s cookies may help.",
    IDEMPOTENCY_KEY_REUSED: "This action was already sent with other data. Please start it again.",
  },
  ru: {
    VALIDATION: "Часть отправленных данных некорректна.",
    NOT_FOUND: "Не найдено.",
    INTERNAL: "Что-то пошло не так на нашей стороне. Попробуйте ещё раз.",
    XSRF: "Не удалось проверить запрос. Обновите страницу и попробуйте снова.",
    RATE_LIMITED: "Слишком много попыток. Подождите немного и попробуйте снова.",
    UNAUTHORIZED: "Войдите в аккаунт.",
    FORBIDDEN: "У вас нет прав на это действие.",
    PAYLOAD_TOO_LARGE: "Слишком большой запрос.",
    UNSUPPORTED_MEDIA_TYPE: "Этот тип содержимого не поддерживается.",
    INVALID_CHARACTERS: "Текст содержит недопустимые символы (например, управляющие). Удалите их и попробуйте снова.",
    UPLOAD_MALFORMED: "Загрузка пришла неполной или повреждённой. Попробуйте ещё раз.",
    HEADERS_TOO_LARGE: "Заголовки запроса слишком велики. Может помочь удаление cookie этого сайта.",
    IDEMPOTENCY_KEY_REUSED: "Это действие уже было отправлено с другими данными. Начните его заново.",
  },
  de: {
    VALIDATION: "Einige der gesendeten Daten sind ungültig.",
    NOT_FOUND: "Nicht gefunden.",
    INTERNAL: "Bei uns ist etwas schiefgelaufen. Bitte versuche es erneut.",
    XSRF: "Die Anfrage konnte nicht überprüft werden. Lade die Seite neu und versuche es erneut.",
    RATE_LIMITED: "Zu viele Versuche. Bitte warte einen Moment und versuche es erneut.",
    UNAUTHORIZED: "Bitte melde dich an.",
    FORBIDDEN: "Dazu bist du nicht berechtigt.",
    PAYLOAD_TOO_LARGE: "Die Anfrage ist zu groß.",
    UNSUPPORTED_MEDIA_TYPE: "Dieser Inhaltstyp wird nicht unterstützt.",
    INVALID_CHARACTERS:
      "Ein Text enthält Zeichen, die nicht verwendet werden können (etwa Steuerzeichen). Entferne sie und versuche es erneut.",
    UPLOAD_MALFORMED: "Der Upload kam unvollständig oder beschädigt an. Bitte versuche es erneut.",
    HEADERS_TOO_LARGE: "Die Kopfzeilen der Anfrage sind zu groß. Das Löschen der Cookies dieser Website kann helfen.",
    IDEMPOTENCY_KEY_REUSED: "Diese Aktion wurde bereits mit anderen Daten gesendet. Bitte starte sie neu.",
  },
  es: {
    VALIDATION: "Algunos de los datos enviados no son válidos.",
    NOT_FOUND: "No encontrado.",
    INTERNAL: "Algo ha fallado por nuestra parte. Inténtalo de nuevo.",
    XSRF: "No se pudo verificar la solicitud. Recarga la página e inténtalo de nuevo.",
    RATE_LIMITED: "Demasiados intentos. Espera un momento e inténtalo de nuevo.",
    UNAUTHORIZED: "Inicia sesión.",
    FORBIDDEN: "No tienes permiso para hacer esto.",
    PAYLOAD_TOO_LARGE: "La solicitud es demasiado grande.",
    UNSUPPORTED_MEDIA_TYPE: "Este tipo de contenido no es compatible.",
    INVALID_CHARACTERS:
      "Un texto contiene caracteres que no se pueden usar (como caracteres de control). Elimínalos e inténtalo de nuevo.",
    UPLOAD_MALFORMED: "La subida llegó incompleta o dañada. Inténtalo de nuevo.",
    HEADERS_TOO_LARGE:
      "Las cabeceras de la solicitud son demasiado grandes. Borrar las cookies de este sitio puede ayudar.",
    IDEMPOTENCY_KEY_REUSED: "Esta acción ya se envió con otros datos. Vuelve a empezarla.",
  },
  fr: {
    VALIDATION: "Certaines des données envoyées ne sont pas valides.",
    NOT_FOUND: "Introuvable.",
    INTERNAL: "Un problème est survenu de notre côté. Veuillez réessayer.",
    XSRF: "La requête n’a pas pu être vérifiée. Rechargez la page et réessayez.",
    RATE_LIMITED: "Trop de tentatives. Patientez un instant puis réessayez.",
    UNAUTHORIZED: "Veuillez vous connecter.",
    FORBIDDEN: "Vous n’êtes pas autorisé à faire cela.",
    PAYLOAD_TOO_LARGE: "La requête est trop volumineuse.",
    UNSUPPORTED_MEDIA_TYPE: "Ce type de contenu n’est pas pris en charge.",
    INVALID_CHARACTERS:
      "Un texte contient des caractères inutilisables (comme des caractères de contrôle). Supprimez-les et réessayez.",
    UPLOAD_MALFORMED: "L’envoi est arrivé incomplet ou endommagé. Veuillez réessayer.",
    HEADERS_TOO_LARGE: "Les en-têtes de la requête sont trop volumineux. Effacer les cookies de ce site peut aider.",
    IDEMPOTENCY_KEY_REUSED: "Cette action a déjà été envoyée avec d’autres données. Recommencez-la.",
  },
  it: {
    VALIDATION: "Alcuni dei dati inviati non sono validi.",
    NOT_FOUND: "Non trovato.",
    INTERNAL: "Si è verificato un problema da parte nostra. Riprova.",
    XSRF: "Impossibile verificare la richiesta. Ricarica la pagina e riprova.",
    RATE_LIMITED: "Troppi tentativi. Attendi un momento e riprova.",
    UNAUTHORIZED: "Accedi per continuare.",
    FORBIDDEN: "Non hai l’autorizzazione per farlo.",
    PAYLOAD_TOO_LARGE: "La richiesta è troppo grande.",
    UNSUPPORTED_MEDIA_TYPE: "Questo tipo di contenuto non è supportato.",
    INVALID_CHARACTERS:
      "Un testo contiene caratteri non utilizzabili (come i caratteri di controllo). Rimuovili e riprova.",
    UPLOAD_MALFORMED: "Il caricamento è arrivato incompleto o danneggiato. Riprova.",
    HEADERS_TOO_LARGE:
      "Le intestazioni della richiesta sono troppo grandi. Cancellare i cookie di questo sito può aiutare.",
    IDEMPOTENCY_KEY_REUSED: "Questa azione è già stata inviata con altri dati. Ricominciala.",
  },
  uk: {
    VALIDATION: "Частина надісланих даних некоректна.",
    NOT_FOUND: "Не знайдено.",
    INTERNAL: "Щось пішло не так з нашого боку. Спробуйте ще раз.",
    XSRF: "Не вдалося перевірити запит. Оновіть сторінку й спробуйте знову.",
    RATE_LIMITED: "Забагато спроб. Зачекайте трохи й спробуйте знову.",
    UNAUTHORIZED: "Увійдіть в обліковий запис.",
    FORBIDDEN: "У вас немає прав на цю дію.",
    PAYLOAD_TOO_LARGE: "Запит завеликий.",
    UNSUPPORTED_MEDIA_TYPE: "Цей тип вмісту не підтримується.",
    INVALID_CHARACTERS: "Текст містить недопустимі символи (наприклад, керівні). Видаліть їх і спробуйте знову.",
    UPLOAD_MALFORMED: "Завантаження надійшло неповним або пошкодженим. Спробуйте ще раз.",
    HEADERS_TOO_LARGE: "Заголовки запиту завеликі. Може допомогти видалення cookie цього сайту.",
    IDEMPOTENCY_KEY_REUSED: "Цю дію вже було надіслано з іншими даними. Почніть її заново.",
  },
};
