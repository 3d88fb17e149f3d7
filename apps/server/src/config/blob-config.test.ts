import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

function issuesOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, "/srv/handfont");
  } catch (error) {
    if (error instanceof ConfigError) return error.issues;
    throw error;
  }
  return [];
}

describe("file storage configuration", () => {
  it("keeps files in DATA_DIR/blobs unless told otherwise", () => {
    expect(loadConfig({}, "/srv/handfont").blobs).toEqual({ store: "local", dir: "/srv/handfont/data/blobs" });
  });

  it("uses an S3 bucket with BLOB_STORE=s3 and the S3_ variables", () => {
    const config = loadConfig(
      {
        BLOB_STORE: "s3",
        S3_ENDPOINT: "http://minio.internal:9000",
        S3_REGION: "eu-central-1",
        S3_BUCKET: "handfont-files",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "true",
      },
      "/",
    );
    expect(config.blobs).toEqual({
      store: "s3",
      s3: {
        endpoint: "http://minio.internal:9000",
        region: "eu-central-1",
        bucket: "handfont-files",
        accessKeyId: "key",
        secretAccessKey: "secret",
        forcePathStyle: true,
      },
      presignedDownloads: false,
    });
  });

  it("defaults to AWS's own endpoint, virtual-hosted addresses and downloads through the server", () => {
    const config = loadConfig(
      { BLOB_STORE: "s3", S3_BUCKET: "hf-files", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" },
      "/",
    );
    expect(config.blobs).toMatchObject({
      store: "s3",
      s3: { endpoint: null, region: "us-east-1", forcePathStyle: false },
      presignedDownloads: false,
    });
  });

  it("names every missing or malformed S3 variable", () => {
    expect(issuesOf({ BLOB_STORE: "s3" })).toEqual([
      "S3_BUCKET: required when BLOB_STORE=s3",
      "S3_ACCESS_KEY_ID: required when BLOB_STORE=s3",
      "S3_SECRET_ACCESS_KEY: required when BLOB_STORE=s3",
    ]);
    const malformed = issuesOf({ BLOB_STORE: "gcs", S3_BUCKET: "Bad_Bucket", S3_ENDPOINT: "ftp://x" });
    expect(malformed.map((issue) => issue.split(":")[0]).sort()).toEqual(["BLOB_STORE", "S3_BUCKET", "S3_ENDPOINT"]);
  });
});
