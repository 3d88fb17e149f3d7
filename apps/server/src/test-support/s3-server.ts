import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @ts-expect-error s3rver ships no types; the few calls used here are checked by the tests that use them.
import S3rver from "s3rver";
import type { S3Settings } from "../ports/s3-blob-store.ts";

export type TestS3 = { settings: S3Settings; close(): Promise<void> };

/** An S3-compatible server in this process (s3rver) on a free loopback port, with one empty bucket. */
export async function startTestS3(bucket = "handfont-test"): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), "handfont-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as AddressInfo;
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      bucket,
      // s3rver's fixed credentials.
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
