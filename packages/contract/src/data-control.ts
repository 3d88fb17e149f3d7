import { z } from "zod";
import { Password } from "./auth.ts";
import type { MessageCatalogue } from "./errors.ts";

/**
 * Users control their data (privacy page): they delete their uploads, their templates and their whole account.
 * Deleting an account asks for the username typed again and, when the account has one, its password.
 */
export const DeleteAccountRequest = z.object({
  /** The account's username, typed again (compared without regard to case). */
  username: z.string().trim().min(1).max(254),
  /** Required when the account has a password (accounts made through Google may have none). */
  password: Password.optional(),
});
export type DeleteAccountRequest = z.input<typeof DeleteAccountRequest>;

/** How many finished uploads a "clear the list" removed (uploads still being read are kept). */
export const ClearedScansResponse = z.object({ removed: z.number().int().min(0) });
export type ClearedScansResponse = z.infer<typeof ClearedScansResponse>;

export const DATA_CONTROL_ERROR_CODES = ["CONFIRMATION_MISMATCH", "READY_MADE_TEMPLATE"] as const;
export type DataControlErrorCode = (typeof DATA_CONTROL_ERROR_CODES)[number];

export const DATA_CONTROL_ERROR_MESSAGES: MessageCatalogue<DataControlErrorCode> = {
  en: {
    CONFIRMATION_MISMATCH: "Type your username exactly as it is shown to confirm.",
    READY_MADE_TEMPLATE: "Ready-made templates belong to everyone and cannot be deleted.",
  },
  ru: {
    CONFIRMATION_MISMATCH: "Для подтверждения введите имя пользователя точно так, как оно показано.",
    READY_MADE_TEMPLATE: "Готовые шаблоны общие для всех, их нельзя удалить.",
  },
  de: {
    CONFIRMATION_MISMATCH: "Gib zur Bestätigung deinen Benutzernamen genau so ein, wie er angezeigt wird.",
    READY_MADE_TEMPLATE: "Fertige Vorlagen gehören allen und können nicht gelöscht werden.",
  },
  es: {
    CONFIRMATION_MISMATCH: "Para confirmar, escribe tu nombre de usuario exactamente como se muestra.",
    READY_MADE_TEMPLATE: "Las plantillas predefinidas son de todos y no se pueden eliminar.",
  },
  fr: {
    CONFIRMATION_MISMATCH: "Pour confirmer, saisissez votre nom d’utilisateur exactement tel qu’il est affiché.",
    READY_MADE_TEMPLATE: "Les modèles prêts à l’emploi appartiennent à tous et ne peuvent pas être supprimés.",
  },
  it: {
    CONFIRMATION_MISMATCH: "Per confermare, scrivi il tuo nome utente esattamente come è mostrato.",
    READY_MADE_TEMPLATE: "I modelli già pronti sono di tutti e non si possono eliminare.",
  },
  uk: {
    CONFIRMATION_MISMATCH: "Для підтвердження введіть імʼя користувача точно так, як воно показане.",
    READY_MADE_TEMPLATE: "Готові шаблони спільні для всіх, їх не можна видалити.",
  },
};
