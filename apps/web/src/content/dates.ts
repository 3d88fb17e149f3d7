import { formatDate } from "../i18n/format.ts";

/** A YYYY-MM-DD day in the reader's language; UTC both when prerendering and in the browser, so they agree. */
export function formatDay(day: string, language: string): string {
  return formatDate(new Date(`${day}T00:00:00Z`), language, { dateStyle: "long", timeZone: "UTC" });
}
