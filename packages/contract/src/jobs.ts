import { z } from "zod";
import type { MessageCatalogue } from "./errors.ts";

/**
 * Background work (reading an upload, building a font, rendering a template PDF) runs as jobs in the database, so any
 * process may do it and the browser follows it by polling `GET /api/jobs/:id`.
 */
export const JOB_KINDS = ["read-scan", "build-font", "render-pdf"] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const JobStatus = z.object({
  id: z.string(),
  kind: z.enum(JOB_KINDS),
  /** queued → running → done or failed; a job whose worker stops is queued again. */
  state: z.enum(["queued", "running", "done", "failed"]),
  /** 0–100. */
  progress: z.number().int().min(0).max(100),
  /** The font, scan or template it works on. */
  subjectId: z.string(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type JobStatus = z.infer<typeof JobStatus>;

/** How much background work one account may have waiting or running; premium accounts may queue more. */
export const JOB_LIMITS = { queuedFree: 40, queuedPremium: 120 } as const;

export const JOB_ERROR_CODES = ["JOB_NOT_FOUND", "QUEUE_FULL", "PDF_PAGE_TOO_LARGE", "JOB_FAILED"] as const;
export type JobErrorCode = (typeof JOB_ERROR_CODES)[number];

export const JOB_ERROR_MESSAGES: MessageCatalogue<JobErrorCode> = {
  en: {
    JOB_NOT_FOUND: "This task does not exist or is not yours.",
    QUEUE_FULL: "You have too much work waiting already. Please wait until your pages are read, then try again.",
    PDF_PAGE_TOO_LARGE: "A page of this PDF is too large to read. Upload pages of at most A3 size.",
    JOB_FAILED: "This task failed several times. Please try again later.",
  },
  ru: {
    JOB_NOT_FOUND: "Такой задачи нет, или она не ваша.",
    QUEUE_FULL: "У вас уже слишком много работы в очереди. Дождитесь, пока страницы прочитаются, и попробуйте снова.",
    PDF_PAGE_TOO_LARGE: "Страница этого PDF слишком велика для чтения. Загружайте страницы не больше формата A3.",
    JOB_FAILED: "Эта задача несколько раз завершилась ошибкой. Попробуйте позже.",
  },
  de: {
    JOB_NOT_FOUND: "Diese Aufgabe gibt es nicht, oder sie gehört dir nicht.",
    QUEUE_FULL:
      "Du hast schon zu viel Arbeit in der Warteschlange. Warte, bis deine Seiten gelesen sind, und versuche es dann erneut.",
    PDF_PAGE_TOO_LARGE: "Eine Seite dieses PDFs ist zu groß zum Lesen. Lade Seiten bis höchstens A3 hoch.",
    JOB_FAILED: "Diese Aufgabe ist mehrmals fehlgeschlagen. Bitte versuche es später erneut.",
  },
  es: {
    JOB_NOT_FOUND: "Esta tarea no existe o no es tuya.",
    QUEUE_FULL: "Ya tienes demasiado trabajo en espera. Espera a que se lean tus páginas y vuelve a intentarlo.",
    PDF_PAGE_TOO_LARGE:
      "Una página de este PDF es demasiado grande para leerla. Sube páginas de tamaño A3 como máximo.",
    JOB_FAILED: "Esta tarea ha fallado varias veces. Vuelve a intentarlo más tarde.",
  },
  fr: {
    JOB_NOT_FOUND: "Cette tâche n’existe pas ou ne vous appartient pas.",
    QUEUE_FULL: "Vous avez déjà trop de travail en attente. Attendez que vos pages soient lues, puis réessayez.",
    PDF_PAGE_TOO_LARGE: "Une page de ce PDF est trop grande pour être lue. Envoyez des pages au format A3 au plus.",
    JOB_FAILED: "Cette tâche a échoué plusieurs fois. Veuillez réessayer plus tard.",
  },
  it: {
    JOB_NOT_FOUND: "Questa attività non esiste o non è tua.",
    QUEUE_FULL: "Hai già troppo lavoro in attesa. Aspetta che le tue pagine vengano lette, poi riprova.",
    PDF_PAGE_TOO_LARGE:
      "Una pagina di questo PDF è troppo grande per essere letta. Carica pagine al massimo in formato A3.",
    JOB_FAILED: "Questa attività non è riuscita più volte. Riprova più tardi.",
  },
  uk: {
    JOB_NOT_FOUND: "Такого завдання немає, або воно не ваше.",
    QUEUE_FULL: "У вас уже забагато роботи в черзі. Дочекайтеся, поки сторінки прочитаються, і спробуйте знову.",
    PDF_PAGE_TOO_LARGE: "Сторінка цього PDF завелика для читання. Завантажуйте сторінки не більші за формат A3.",
    JOB_FAILED: "Це завдання кілька разів завершилося помилкою. Спробуйте пізніше.",
  },
};
