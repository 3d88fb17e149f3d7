import type { Price } from "@handfont/contract";
import { formatNumber } from "../../i18n/format.ts";

/** A price in the reader's format (€4.99, 4,99 €, 490,00 ₽), from minor units. */
export function formatPrice(price: Price, language: string): string {
  return formatNumber(price.amountMinor / 100, language, { style: "currency", currency: price.currency });
}
