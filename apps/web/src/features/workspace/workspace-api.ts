import {
  BuildFontResponse,
  ClearedScansResponse,
  type CreateTemplateRequest,
  CreateTemplateResponse,
  type FontFormat,
  FontLetters,
  FontList,
  type FontOrigin,
  FontSummary,
  FontsAndLetters,
  JoinFontsResponse,
  type LetterChange,
  LetterSetLetters,
  LetterSetList,
  LettersChanged,
  LettersOfPage,
  PremiumStatus,
  type SaveAllLettersRequest,
  ScanList,
  ScanStatus,
  TemplateList,
  UploadScansResponse,
} from "@handfont/contract";
import { api } from "../../api/client.ts";

/** The workspace calls of spec §7, typed by the contract and checked on arrival. */
export const workspaceApi = {
  templates: async () => TemplateList.parse(await api.get("/getAllTemplates")).templates,
  createTemplate: async (request: CreateTemplateRequest) =>
    CreateTemplateResponse.parse(await api.post("/createTemplate", request)),
  pageOfQcode: async (qcode: string) => LettersOfPage.parse(await api.get("/getDataOfLetters", { query: { qcode } })),
  /** The printable PDF (fetched with the access token, so it is a Blob rather than a link). */
  templatePdf: (pdfUrl: string, lang: string) =>
    api.get<Blob>(pdfUrl.replace(/^\/api/, ""), { query: { lang }, responseType: "blob" }),

  uploadScans: async (files: File[], onProgress: (sent: number, total: number) => void) => {
    const form = new FormData();
    for (const file of files) form.append("files", file, file.name);
    return UploadScansResponse.parse(await api.upload("/uploadReadyTemplates", form, { onProgress })).scans;
  },
  scan: async (id: string) => ScanStatus.parse(await api.get(`/scans/${encodeURIComponent(id)}`)),
  /** The user's latest uploads, newest first: running ones and finished ones not yet cleared from the list. */
  scans: async () => ScanList.parse(await api.get("/scans")).scans,
  removeScan: (id: string) => api.delete(`/scans/${encodeURIComponent(id)}`),
  clearScans: async () => ClearedScansResponse.parse(await api.delete("/scans")).removed,
  removeTemplate: (id: string) => api.delete(`/templates/${encodeURIComponent(id)}`),

  fonts: async () => FontList.parse(await api.get("/getAllAddedFonts")).fonts,
  fontsAndLetters: async () => FontsAndLetters.parse(await api.get("/getFontsAndSvgs")),
  /** `keep`: the characters to keep when the source holds more than the plan allows. */
  createFont: async (name: string, from: FontOrigin, keep?: string[]) =>
    FontSummary.parse(await api.post("/createFont", { name, from, ...(keep ? { keep } : {}) })),
  /** `keep`: as for createFont, the characters to keep when the source holds more than the plan allows. */
  addAsNewFont: async (name: string, from: FontOrigin, keep?: string[]) =>
    FontSummary.parse(await api.post("/addAsNewFontHw", { name, from, ...(keep ? { keep } : {}) })),
  buildFont: async (fontId: string) => BuildFontResponse.parse(await api.post("/buildFont", { fontId })),
  downloadFont: (fontId: string, format: FontFormat) =>
    api.get<Blob>(`/getCreatedFont/${encodeURIComponent(fontId)}`, { query: { format }, responseType: "blob" }),
  specimen: (url: string) => api.get<Blob>(url.replace(/^\/api/, ""), { responseType: "blob" }),
  copyFont: async (fontId: string, name?: string) => FontSummary.parse(await api.post("/copyFont", { fontId, name })),
  joinFonts: async (sourceFontId: string, targetFontId: string, onConflict: "source" | "target") =>
    JoinFontsResponse.parse(await api.post("/joinFontToFonts", { sourceFontId, targetFontId, onConflict })),
  // Spec §7 makes removal a GET; the client still sends the XSRF header with it.
  removeFont: (fontId: string) => api.get(`/removeFont/${encodeURIComponent(fontId)}`, { retry: 0 }),
  saveLetters: async (request: SaveAllLettersRequest) =>
    LettersChanged.parse(await api.post("/saveAllDataSvg", request)),
  uploadLetters: async (fontId: string, files: File[]) => {
    const form = new FormData();
    form.append("fontId", fontId);
    for (const file of files) form.append("files", file, file.name);
    return api.upload("/template/uploadExtractedLetters", form);
  },

  premium: async () => PremiumStatus.parse(await api.get("/subscribe/isPremium")),

  /** Summaries of the user's letter sets (counts only). */
  letterSets: async () => LetterSetList.parse(await api.get("/letter-sets")).letterSets,
  /** One font's letters as documents with revisions, fetched when the font is opened. */
  fontLetters: async (fontId: string) =>
    FontLetters.parse(await api.get(`/fonts/${encodeURIComponent(fontId)}/letters`)).letters,
  letterSetLetters: async (letterSetId: string) =>
    LetterSetLetters.parse(await api.get(`/letter-sets/${encodeURIComponent(letterSetId)}/letters`)).letters,
  /** Changes to a font's letters on the revisions they were made on; LETTER_CONFLICT carries the current states. */
  changeLetters: async (fontId: string, changes: LetterChange[]) =>
    FontLetters.parse(await api.post(`/fonts/${encodeURIComponent(fontId)}/letters/changes`, { changes })).letters,
};

/** Saves a Blob as a file the way a download link would. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
