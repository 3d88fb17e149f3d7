import type { Language } from "@handfont/contract";

/** The receipt mail in one language; `{…}` are filled in (and HTML-escaped) by receipts.ts. */
export interface ReceiptText {
  subject: string;
  greeting: string;
  body: string;
  until: string;
  note: string;
  /** What was bought: a pack of months, or one month of the subscription. */
  months: (count: number) => string;
  monthly: string;
}

const plural = (language: Language, count: number, forms: Partial<Record<Intl.LDMLPluralRule, string>>) =>
  (forms[new Intl.PluralRules(language).select(count)] ?? forms.other ?? "").replace("{count}", String(count));

export const RECEIPT_TEXTS: Record<Language, ReceiptText> = {
  en: {
    subject: "Your Handfont premium receipt",
    greeting: "Hello, {username}!",
    body: "Thank you for your payment. You bought {item} of Handfont premium for {amount} ({provider}), on {paidAt}.",
    until: "Premium is active until {until}.",
    note: "Your fonts stay yours and downloadable after premium ends. Keep this mail as your receipt.",
    months: (count) => plural("en", count, { one: "{count} month", other: "{count} months" }),
    monthly: "a monthly subscription",
  },
  ru: {
    subject: "Чек об оплате премиума Handfont",
    greeting: "Здравствуйте, {username}!",
    body: "Спасибо за оплату. Вы купили премиум Handfont: {item} за {amount} ({provider}), {paidAt}.",
    until: "Премиум действует до {until}.",
    note: "Ваши шрифты останутся вашими и доступными для скачивания и после окончания премиума. Сохраните это письмо как чек.",
    months: (count) =>
      plural("ru", count, {
        one: "{count} месяц",
        few: "{count} месяца",
        many: "{count} месяцев",
        other: "{count} месяца",
      }),
    monthly: "ежемесячная подписка",
  },
  de: {
    subject: "Deine Quittung für Handfont Premium",
    greeting: "Hallo {username}!",
    body: "Danke für deine Zahlung. Du hast am {paidAt} {item} Handfont Premium für {amount} gekauft ({provider}).",
    until: "Premium gilt bis {until}.",
    note: "Deine Schriften bleiben deine und nach dem Ende von Premium herunterladbar. Bewahre diese E-Mail als Quittung auf.",
    months: (count) => plural("de", count, { one: "{count} Monat", other: "{count} Monate" }),
    monthly: "ein Monatsabonnement",
  },
  es: {
    subject: "Tu recibo de Handfont Premium",
    greeting: "¡Hola, {username}!",
    body: "Gracias por tu pago. Has comprado {item} de Handfont Premium por {amount} ({provider}) el {paidAt}.",
    until: "Premium está activo hasta el {until}.",
    note: "Tus fuentes siguen siendo tuyas y se pueden descargar cuando termine Premium. Guarda este mensaje como recibo.",
    months: (count) => plural("es", count, { one: "{count} mes", other: "{count} meses" }),
    monthly: "una suscripción mensual",
  },
  fr: {
    subject: "Votre reçu Handfont Premium",
    greeting: "Bonjour {username} !",
    body: "Merci pour votre paiement. Vous avez acheté {item} de Handfont Premium pour {amount} ({provider}), le {paidAt}.",
    until: "Premium est actif jusqu’au {until}.",
    note: "Vos polices restent les vôtres et téléchargeables après la fin de Premium. Conservez ce message comme reçu.",
    months: (count) => plural("fr", count, { one: "{count} mois", other: "{count} mois" }),
    monthly: "un abonnement mensuel",
  },
  it: {
    subject: "La tua ricevuta di Handfont Premium",
    greeting: "Ciao {username}!",
    body: "Grazie per il pagamento. Hai acquistato {item} di Handfont Premium per {amount} ({provider}) il {paidAt}.",
    until: "Premium è attivo fino al {until}.",
    note: "I tuoi font restano tuoi e scaricabili anche dopo la fine di Premium. Conserva questa email come ricevuta.",
    months: (count) => plural("it", count, { one: "{count} mese", other: "{count} mesi" }),
    monthly: "un abbonamento mensile",
  },
  uk: {
    subject: "Чек про оплату преміуму Handfont",
    greeting: "Вітаємо, {username}!",
    body: "Дякуємо за оплату. Ви придбали преміум Handfont: {item} за {amount} ({provider}), {paidAt}.",
    until: "Преміум діє до {until}.",
    note: "Ваші шрифти залишаться вашими й доступними для завантаження і після завершення преміуму. Збережіть цей лист як чек.",
    months: (count) =>
      plural("uk", count, {
        one: "{count} місяць",
        few: "{count} місяці",
        many: "{count} місяців",
        other: "{count} місяця",
      }),
    monthly: "щомісячна підписка",
  },
};
