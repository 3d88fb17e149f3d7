import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TemplateLayout } from "@handfont/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3BlobStore } from "./ports/s3-blob-store.ts";
import { postgresAnswers, postgresTestDatabase } from "./test-support/postgres.ts";
import { startTestS3, type TestS3 } from "./test-support/s3-server.ts";
import {
  browserClient,
  deploymentEnv,
  type ServerProcess,
  signUpAndIn,
  startServerProcess,
  stopServerProcess,
} from "./test-support/server-processes.ts";
import { syntheticScan } from "./test-support/synthetic-scan.ts";

// The production topology of the README, end to end: two ROLE=api processes (the client alternates between their
// ports, as a balancer would) and two ROLE=worker processes on one fresh PostgreSQL database, files on S3 (s3rver).
// A user signs up, makes a template, uploads a filled-in page, has it read, builds a font and downloads it.
const hasPostgres = await postgresAnswers("test of the scaled deployment (2 API + 2 worker processes)");

/** Polls `check` every 200 ms until it answers something; fails after `ms`. */
async function until<T>(what: string, check: () => Promise<T | undefined | null | false>, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!hasPostgres)("2 API + 2 worker processes on PostgreSQL and S3", () => {
  const database = postgresTestDatabase("handfont_scaled");
  const dataDir = mkdtempSync(join(tmpdir(), "handfont-scaled-"));
  const servers: ServerProcess[] = [];
  let s3: TestS3;
  let origins: string[];

  beforeAll(async () => {
    await database.create();
    s3 = await startTestS3("handfont-scaled");
    const env = {
      ...deploymentEnv(),
      DATABASE_URL: database.url,
      BLOB_STORE: "s3",
      S3_ENDPOINT: s3.settings.endpoint!,
      S3_REGION: s3.settings.region,
      S3_BUCKET: s3.settings.bucket,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
      ENGINE_WORKERS: "1",
      JOB_POLL_MS: "100",
    };
    // Each process has a folder of its own: nothing may depend on files shared between processes.
    const roles = ["api", "api", "worker", "worker"];
    const started = await Promise.all(
      roles.map((role, i) => startServerProcess({ ...env, ROLE: role, DATA_DIR: join(dataDir, `${role}-${i}`) })),
    );
    servers.push(...started);
    origins = started.flatMap((server) => (server.origin ? [server.origin] : []));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map(stopServerProcess));
    await s3?.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("signs up, makes a template, reads a scanned page, builds the font and downloads it", async () => {
    expect(origins).toHaveLength(2);
    const client = browserClient(origins);
    await signUpAndIn(client, origins);

    const made = (await client.call("POST", "/api/createTemplate", {
      name: "Two processes",
      sets: ["latin", "digits"],
      cellSize: "l",
    })) as { template: { id: string }; layout: TemplateLayout };
    const form = new FormData();
    form.append(
      "files",
      new Blob([new Uint8Array(await syntheticScan(made.layout, 1))], { type: "image/jpeg" }),
      "page1.jpg",
    );
    const uploaded = (await client.call("POST", "/api/uploadReadyTemplates", form)) as { scans: { id: string }[] };
    const scanId = uploaded.scans[0]!.id;

    // API processes never run jobs: the read and the build below are done by the workers.
    const scan = await until("the page to be read", async () => {
      const status = (await client.call("GET", `/api/scans/${scanId}`)) as {
        status: string;
        pages: { templateId: string | null; lettersFound: number }[];
      };
      return status.status === "done" || status.status === "failed" ? status : null;
    });
    expect(scan.status).toBe("done");
    const onPage = made.layout.cells.filter((cell) => cell.page === 1).length;
    expect(scan.pages[0]).toMatchObject({ templateId: made.template.id, lettersFound: onPage });

    const font = (await client.call("POST", "/api/createFont", {
      name: "Scaled hand",
      from: { kind: "scan", scanId },
    })) as { id: string; glyphCount: number };
    expect(font.glyphCount).toBe(onPage);
    const queued = (await client.call("POST", "/api/buildFont", { fontId: font.id })) as { job: { id: string } };
    const job = await until("the build to end", async () => {
      const state = (await client.call("GET", `/api/jobs/${queued.job.id}`)) as { state: string };
      return ["done", "failed", "dead"].includes(state.state) ? state : null;
    });
    expect(job).toMatchObject({ state: "done", progress: 100, error: null });

    // Each format from each API process: the files are in the bucket, not in any process's folder.
    const signatures = { otf: "4f54544f", ttf: "00010000", woff2: "774f4632" } as const;
    for (const origin of origins) {
      for (const [format, signature] of Object.entries(signatures)) {
        const response = await client.send("GET", `/api/getCreatedFont/${font.id}?format=${format}`, undefined, origin);
        expect(response.status, `${format} from ${origin}`).toBe(200);
        const bytes = new Uint8Array(await response.arrayBuffer());
        expect(Buffer.from(bytes.subarray(0, 4)).toString("hex"), format).toBe(signature);
      }
    }
    const bucket = createS3BlobStore(s3.settings);
    const stored: string[] = [];
    for await (const entry of bucket.list(`fonts/${font.id}`)) stored.push(entry.key);
    expect(stored.filter((key) => /\.(otf|ttf|woff2)$/.test(key))).toHaveLength(3);
    for (const folder of readdirSync(dataDir)) {
      expect(readdirSync(join(dataDir, folder)), folder).not.toContain("blobs");
    }
    // The uploaded picture goes once it is read.
    await until("the upload to be deleted", async () => {
      for await (const _ of bucket.list(`scans/${scanId}`)) return false;
      return true;
    });
  }, 240_000);
});
