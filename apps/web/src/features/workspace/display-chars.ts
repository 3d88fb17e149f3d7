/**
 * A letter's characters as the page shows them: a lone combining mark (the template's Cyrillic breve, U+0306) sits
 * on a dotted circle, the way type specimens show marks, instead of on whatever text stands before it.
 */
export const displayChars = (chars: string) => (/^\p{M}/u.test(chars) ? `\u25cc${chars}` : chars);
