import { z } from "zod";

/** The file storage variables of the environment (joined into config.ts's schema). */
export const BLOB_ENV = {
  BLOB_STORE: z.enum(["local", "s3"]).default("local"),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name (3-63 lower-case letters, digits, . and -)")
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("false"),
  S3_PRESIGNED_DOWNLOADS: z.enum(["true", "false"]).default("false"),
};

const BlobEnvSchema = z.object(BLOB_ENV);
type BlobEnv = z.infer<typeof BlobEnvSchema>;

/** Where files live: a folder under DATA_DIR (the default) or a bucket of S3-compatible storage. */
export type BlobConfig =
  | { store: "local"; dir: string }
  | {
      store: "s3";
      s3: {
        endpoint: string | null;
        region: string;
        bucket: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      };
      /** Font downloads answer with a redirect to a short-lived address on the storage instead of passing through. */
      presignedDownloads: boolean;
    };

const S3_REQUIRED = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

export function blobIssues(e: BlobEnv): string[] {
  if (e.BLOB_STORE !== "s3") return [];
  return S3_REQUIRED.filter((name) => e[name] === undefined).map((name) => `${name}: required when BLOB_STORE=s3`);
}

/** The storage configuration; call after blobIssues found nothing. */
export function blobConfig(e: BlobEnv, dataDir: string): BlobConfig {
  if (e.BLOB_STORE === "local") return { store: "local", dir: `${dataDir}/blobs` };
  return {
    store: "s3",
    s3: {
      endpoint: e.S3_ENDPOINT ?? null,
      region: e.S3_REGION,
      bucket: e.S3_BUCKET!,
      accessKeyId: e.S3_ACCESS_KEY_ID!,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
    },
    presignedDownloads: e.S3_PRESIGNED_DOWNLOADS === "true",
  };
}
