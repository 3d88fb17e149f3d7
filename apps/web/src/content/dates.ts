import { formatDate } from "../i18n/format.ts";

/**
 * A YYYY-MM-DD day in a language's long form, in UTC so it is the day written. The content build writes it into each
 * post and page (build/content/site.ts), so the browser formats no date of the content.
 */
export function formatDay(day: string, language: string): string {
  return formatDate(new Date(`${day}T00:00:00Z`), language, { dateStyle: "long", timeZone: "UTC" });
}
