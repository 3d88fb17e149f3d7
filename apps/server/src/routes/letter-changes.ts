import {
  ApiErrorBody,
  FontIdParams,
  FontLetters,
  LetterChangesRequest,
  LetterConflictBody,
  LetterSetIdParams,
  LetterSetLetters,
  LetterSetList,
  LetterSlotQuery,
} from "@handfont/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../http/auth-context.ts";
import { requestLanguage } from "../http/request-language.ts";
import type { LetterChangeService, LetterStateRow } from "../services/letter-changes.ts";
import { translate } from "./workspace-present.ts";

const tags = ["letters"];
/** Room for a few hundred drawn letters at their limits in one save; larger sets go in several requests. */
const CHANGES_BODY_LIMIT = 24 * 1024 * 1024;

const present = (letter: LetterStateRow, language: Parameters<typeof translate>[1]) => ({
  ...letter,
  warnings: letter.warnings.map((warning) => translate(warning, language)),
});

/** The letters of one font as documents with revisions, and changes checked against them (notes/letters-api.md). */
export const letterChangeRoutes: FastifyPluginAsyncZod<{
  changes: LetterChangeService;
  templateName: (userId: string, templateId: string) => Promise<string>;
}> = async (app, { changes, templateName }) => {
  app.get(
    "/letter-sets",
    {
      schema: { tags, summary: "The user's letter sets with their letter counts", response: { 200: LetterSetList } },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const sets = await changes.letterSets(userId);
      // The user's templates are named by the query; ready-made ones by the code, without a query.
      const names = await Promise.all(
        sets.map((set) => set.templateName ?? templateName(userId, set.templateId).catch(() => set.templateId)),
      );
      return {
        letterSets: sets.map((set, index) => ({
          ...set,
          templateName: names[index]!,
          updatedAt: set.updatedAt.toISOString(),
        })),
      };
    },
  );

  app.get(
    "/letter-sets/:letterSetId/letters",
    {
      schema: {
        tags,
        summary: "Every letter read from a template's pages, as documents with revisions",
        params: LetterSetIdParams,
        response: { 200: LetterSetLetters },
      },
    },
    async (request) => {
      const letters = await changes.letterSetLetters(requireUser(request).id, request.params.letterSetId);
      const language = requestLanguage(request);
      return { letterSetId: request.params.letterSetId, letters: letters.map((letter) => present(letter, language)) };
    },
  );

  app.get(
    "/fonts/:fontId/letters",
    {
      schema: {
        tags,
        summary: "Every letter of a font: its document, its revision and its outline (fetched when a font is opened)",
        params: FontIdParams,
        response: { 200: FontLetters },
      },
    },
    async (request) => {
      const letters = await changes.letters(requireUser(request).id, request.params.fontId);
      const language = requestLanguage(request);
      return { fontId: request.params.fontId, letters: letters.map((letter) => present(letter, language)) };
    },
  );

  app.get(
    "/fonts/:fontId/letters/scan",
    {
      schema: {
        tags,
        summary: "The picture of the box a scanned letter was read from (PNG, ink opaque), to trace in the editor",
        params: FontIdParams,
        querystring: LetterSlotQuery,
      },
    },
    async (request, reply) => {
      const bytes = await changes.scanPicture(requireUser(request).id, request.params.fontId, request.query);
      return reply
        .type("image/png")
        .header("cache-control", "private, max-age=3600")
        .header("content-security-policy", "default-src 'none'")
        .send(Buffer.from(bytes));
    },
  );

  app.post(
    "/fonts/:fontId/letters/changes",
    {
      bodyLimit: CHANGES_BODY_LIMIT,
      schema: {
        tags,
        summary: "Change letters of a font, all or nothing, each on the revision it was made on",
        description:
          "Each change names a letter (chars, variant), the revision the client edited (null when it believes the " +
          "letter does not exist yet) and the new document (null deletes the letter). A change on a stale revision " +
          "refuses the whole request with 409 LETTER_CONFLICT and the current state of each such letter. Answers " +
          "the new state of every written letter.",
        params: FontIdParams,
        body: LetterChangesRequest,
        response: { 200: FontLetters, 409: LetterConflictBody, 413: ApiErrorBody },
      },
    },
    async (request) => {
      const written = await changes.change(requireUser(request).id, request.params.fontId, request.body.changes);
      const language = requestLanguage(request);
      return { fontId: request.params.fontId, letters: written.map((letter) => present(letter, language)) };
    },
  );
};
