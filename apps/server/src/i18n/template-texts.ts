import type { Language } from "@handfont/contract";

const INSTRUCTIONS: Record<Language, string> = {
  en: "Write one character in each box with a dark pen, sitting on the baseline. Keep the corner marks and the QR code clean.",
  ru: "Впишите по одному символу в каждую клетку тёмной ручкой, опираясь на базовую линию. Не закрывайте угловые метки и QR-код.",
  de: "Schreibe mit einem dunklen Stift je ein Zeichen in jedes Kästchen, auf die Grundlinie. Halte Eckmarken und QR-Code sauber.",
  es: "Escribe un carácter en cada casilla con un bolígrafo oscuro, apoyado en la línea base. Deja limpias las marcas de las esquinas y el código QR.",
  fr: "Écrivez un caractère par case avec un stylo foncé, posé sur la ligne de base. Laissez les repères d’angle et le code QR propres.",
  it: "Scrivi un carattere in ogni casella con una penna scura, appoggiato alla linea di base. Lascia puliti i segni agli angoli e il codice QR.",
  uk: "Впишіть по одному символу в кожну клітинку темною ручкою, спираючись на базову лінію. Не закривайте кутові мітки й QR-код.",
};

/** Texts printed on every page of a template PDF, in the user's language. */
export function templateTexts(language: Language, name: string): { name: string; instruction: string } {
  return { name, instruction: INSTRUCTIONS[language] };
}
