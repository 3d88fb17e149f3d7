import {
  AddSingleLettersRequest,
  IdParams,
  LettersChanged,
  SaveAllLettersRequest,
  UPLOAD_LIMITS,
  UploadLettersResponse,
} from "@handfont/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../http/auth-context.ts";
import { readMultipart } from "../http/multipart-files.ts";
import { requestLanguage } from "../http/request-language.ts";
import { currentDocument } from "../letters/letter-documents.ts";
import { outlineToSvg } from "../letters/svg-letter.ts";
import { DomainError } from "../services/domain-error.ts";
import type { LetterService } from "../services/letters.ts";
import { presentGlyph } from "./workspace-present.ts";

const tags = ["letters"];
const EDIT_BODY_LIMIT = 16 * 1024 * 1024;

/** Letters (spec §7): import glyph SVGs, add or replace letters, read one as SVG, save an editing session. */
export const letterRoutes: FastifyPluginAsyncZod<{ letters: LetterService }> = async (app, { letters }) => {
  app.post(
    "/template/uploadExtractedLetters",
    {
      schema: {
        tags,
        summary: "Import letter SVGs (named A.svg, U+0416.svg, a.2.svg …) into a font; field fontId",
        consumes: ["multipart/form-data"],
        response: { 200: UploadLettersResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { files, fields } = await readMultipart(request, {
        fileBytes: UPLOAD_LIMITS.letterSvgBytes,
        files: UPLOAD_LIMITS.letterFiles,
      });
      if (!fields.fontId) throw new DomainError("FONT_NOT_FOUND");
      const rows = await letters.importSvgs(user.id, fields.fontId, files);
      const language = requestLanguage(request);
      return { fontId: fields.fontId, glyphs: rows.map((row) => presentGlyph(row, language)) };
    },
  );

  app.post(
    "/addSingleLetters",
    {
      bodyLimit: EDIT_BODY_LIMIT,
      schema: {
        tags,
        summary: "Add or replace letters of a font (matched by characters and variant)",
        body: AddSingleLettersRequest,
        response: { 200: LettersChanged },
      },
    },
    async (request) => {
      const rows = await letters.add(requireUser(request).id, request.body.fontId, request.body.letters);
      const language = requestLanguage(request);
      return { fontId: request.body.fontId, glyphs: rows.map((row) => presentGlyph(row, language)) };
    },
  );

  app.get(
    "/getSvgById/:id",
    {
      schema: {
        tags,
        summary: "One letter as an SVG document (y down, the em box 1000 units tall)",
        params: IdParams,
      },
    },
    async (request, reply) => {
      const glyph = await letters.glyph(requireUser(request).id, request.params.id);
      return reply
        .type("image/svg+xml; charset=utf-8")
        .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
        .send(outlineToSvg(glyph.path, currentDocument(glyph.document).metrics.advance ?? 1000));
    },
  );

  app.post(
    "/saveAllDataSvg",
    {
      bodyLimit: EDIT_BODY_LIMIT,
      schema: {
        tags,
        summary: "Save the edited letters, name and settings of a font in one transaction",
        body: SaveAllLettersRequest,
        response: { 200: LettersChanged },
      },
    },
    async (request) => {
      const rows = await letters.saveAll(requireUser(request).id, request.body);
      const language = requestLanguage(request);
      return { fontId: request.body.fontId, glyphs: rows.map((row) => presentGlyph(row, language)) };
    },
  );
};
