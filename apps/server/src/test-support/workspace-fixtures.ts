import type { TemplateLayout } from "@handfont/contract";
import { expect } from "vitest";
import { multipart } from "./multipart.ts";
import type { WorkspaceTestApp } from "./workspace-test-app.ts";

/** Creates a font through the API and returns its id. */
export async function createFont(t: WorkspaceTestApp, user: string, body: Record<string, unknown> = {}) {
  const res = await t.as(user, { method: "POST", url: "/api/createFont", payload: { name: "Test hand", ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

/** A square letter outline in font units. */
export const square = (size = 500) => `M0 0L${size} 0L${size} ${size}L0 ${size}Z`;

/** Adds letters (one variant each unless given) through the API. */
export async function addLetters(t: WorkspaceTestApp, user: string, fontId: string, chars: string[], variant = 1) {
  const res = await t.as(user, {
    method: "POST",
    url: "/api/addSingleLetters/",
    payload: { fontId, letters: chars.map((c) => ({ chars: c, variant, path: square() })) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().glyphs as { id: string; chars: string; variant: number }[];
}

/** Uploads scan files and waits until every one is read; returns their final status. */
export async function uploadScans(t: WorkspaceTestApp, user: string, files: { fileName: string; bytes: Uint8Array }[]) {
  const body = await multipart(files);
  const res = await t.as(user, { method: "POST", url: "/api/uploadReadyTemplates", ...body });
  expect(res.statusCode, res.body).toBe(202);
  await t.workspace.jobs.idle();
  const ids: string[] = res.json().scans.map((scan: { id: string }) => scan.id);
  return Promise.all(ids.map(async (id) => (await t.as(user, { method: "GET", url: `/api/scans/${id}` })).json()));
}

/** Creates a template through the API; `latin + digits` in large boxes makes two pages of 56 and 6 letters. */
export async function createTemplate(
  t: WorkspaceTestApp,
  user: string,
  body: Record<string, unknown> = { name: "Scan me", sets: ["latin", "digits"], cellSize: "l" },
) {
  const res = await t.as(user, { method: "POST", url: "/api/createTemplate", payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { template: { id: string; qcodes: string[]; pdfUrl: string }; layout: TemplateLayout };
}

/** Builds a font as the web client does: queue the build, follow its job until it ends; returns the ended job. */
export async function buildFont(t: WorkspaceTestApp, user: string, fontId: string) {
  const res = await t.as(user, { method: "POST", url: "/api/buildFont", payload: { fontId } });
  expect(res.statusCode, res.body).toBe(202);
  await t.workspace.jobs.idle();
  const job = await t.as(user, { method: "GET", url: `/api/jobs/${res.json().job.id}` });
  expect(job.statusCode, job.body).toBe(200);
  return job.json() as { id: string; state: string; progress: number; error: { code: string } | null };
}
