import type { TemplateLayout } from "@handfont/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../test-support/multipart.ts";
import { syntheticScan } from "../test-support/synthetic-scan.ts";
import { createTemplate } from "../test-support/workspace-fixtures.ts";
import { createWorkspaceTestApp, type WorkspaceTestApp } from "../test-support/workspace-test-app.ts";

let t: WorkspaceTestApp;
let user: string;
let layout: TemplateLayout;
let page: Uint8Array;

beforeAll(async () => {
  t = await createWorkspaceTestApp();
  user = await t.newUser();
  ({ layout } = await createTemplate(t, user, { name: "Digits", sets: ["digits"], cellSize: "l" }));
  page = await syntheticScan(layout, 1);
});
afterAll(() => t.close());

const png = (bytes: number) => {
  const file = new Uint8Array(bytes);
  file.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return file;
};
const storedScans = async () => {
  const keys: string[] = [];
  for await (const entry of t.workspace.ctx.blobs.list("scans")) keys.push(entry.key);
  return keys;
};
const upload = async (body: { payload: Buffer; headers: Record<string, string> }, language = "en") =>
  t.as(user, {
    method: "POST",
    url: "/api/uploadReadyTemplates",
    payload: body.payload,
    headers: { ...body.headers, "accept-language": language },
  });

describe("uploading scans", () => {
  it("keeps nothing of a batch when one of its files is refused", async () => {
    const cases = [
      { file: { fileName: "big.png", bytes: png(25 * 1024 * 1024 + 1) }, status: 413, code: "FILE_TOO_LARGE" },
      {
        file: { fileName: "note.txt", bytes: new TextEncoder().encode("hello") },
        status: 415,
        code: "FILE_TYPE_UNSUPPORTED",
      },
      { file: { fileName: "empty.png", bytes: new Uint8Array() }, status: 400, code: "FILE_EMPTY" },
    ];
    for (const { file, status, code } of cases) {
      const res = await upload(await multipart([{ fileName: "page.jpg", bytes: page }, file]), "de");
      expect(res.statusCode, code).toBe(status);
      expect(res.json()).toMatchObject({ code, fileName: file.fileName });
      expect(res.json().message).not.toMatch(/[A-Z_]{6,}/);
    }
    await t.workspace.scans.idle();
    expect(await storedScans()).toEqual([]);
    expect((await t.as(user, { method: "GET", url: "/api/scans" })).json().scans).toEqual([]);
  });

  it("answers more files than allowed with TOO_MANY_FILES and keeps none of them", async () => {
    const files = Array.from({ length: 21 }, (_, index) => ({ fileName: `p${index}.png`, bytes: png(100) }));
    const res = await upload(await multipart(files));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe("TOO_MANY_FILES");
    expect(await storedScans()).toEqual([]);
  });

  it("answers a cut-off or malformed multipart body with a 400 and keeps nothing", async () => {
    const whole = await multipart([{ fileName: "page.jpg", bytes: page }]);
    const cut = await upload({ payload: whole.payload.subarray(0, whole.payload.length / 2), headers: whole.headers });
    expect(cut.statusCode, cut.body).toBe(400);
    expect(cut.json()).toMatchObject({ code: "VALIDATION" });
    const garbage = await upload({ payload: Buffer.from("no parts here"), headers: whole.headers });
    expect(garbage.statusCode, garbage.body).toBe(400);
    expect(await storedScans()).toEqual([]);
  });

  it("stores a good batch, reads it and deletes each picture once read", async () => {
    const res = await upload(await multipart([{ fileName: "page.jpg", bytes: page }]));
    expect(res.statusCode, res.body).toBe(202);
    const [scan] = res.json().scans as { id: string }[];
    await t.workspace.scans.idle();
    const read = await t.as(user, { method: "GET", url: `/api/scans/${scan!.id}` });
    expect(read.json()).toMatchObject({ status: "done", pages: [{ lettersFound: layout.cells.length }] });
    expect(await storedScans()).toEqual([]);
  });
});
