import { drawnPath, GlyphError, migrateGlyphDocument } from "@handfont/engine/fonts";
import type { PreparedLetter } from "../ports/engine-ports.ts";

/**
 * Checks letter documents against the engine's rules and limits and derives each one's outline (the stored cache).
 * A refused document throws the engine's GlyphError with the index of the letter in `details`, so the caller can
 * name it; pure, so it runs on the calling thread for light documents and in a worker for drawn ones.
 */
export function prepareLetters(documents: readonly unknown[]): PreparedLetter[] {
  return documents.map((json, index) => {
    try {
      const document = migrateGlyphDocument(json);
      return { document, path: drawnPath(document) } as PreparedLetter;
    } catch (error) {
      if (error instanceof GlyphError) {
        throw Object.assign(error, {
          details: { index, limit: error.exceeded?.limit ?? null, maximum: error.exceeded?.maximum ?? null },
        });
      }
      throw error;
    }
  });
}
