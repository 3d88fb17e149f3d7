import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListMultipartUploadsCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { assertSafeKey, type BlobStore } from "./blob-store.ts";

export type S3Settings = {
  /** The server's address; null for AWS itself (the region picks the endpoint). */
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO, s3rver, most self-hosted servers). */
  forcePathStyle: boolean;
};

// Streamed uploads go up in parts of this size, at most two at a time: about 10 MB of memory per upload in flight.
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_AT_ONCE = 2;

const isMissing = (error: unknown) =>
  (error as { name?: string }).name === "NoSuchKey" ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 demands them: with the default, servers other than AWS's (s3rver, older MinIO) store a
    // streamed body with its aws-chunked framing inside the object (research/scale.md).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

/** Fails with a clear message when the bucket cannot be reached with these settings (checked once at start). */
export async function checkS3Bucket(settings: S3Settings, client = createS3Client(settings)): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const reason = status === 404 ? "it does not exist" : status === 403 ? "access is denied" : String(error);
    throw new Error(`S3 bucket "${settings.bucket}" cannot be used: ${reason}`);
  }
}

/** A blob store in one bucket of S3-compatible storage; keys are object keys as they are. */
export function createS3BlobStore(settings: S3Settings, client = createS3Client(settings)): BlobStore {
  const Bucket = settings.bucket;
  const keyOf = (key: string) => {
    assertSafeKey(key);
    return key;
  };

  async function* objects(prefix: string) {
    for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: `${keyOf(prefix)}/` })) {
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0) };
      }
    }
  }

  const getObject = async (key: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };

  return {
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: bytes }));
    },
    async putStream(key, source) {
      let bytes = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.byteLength;
          done(null, chunk);
        },
      });
      // An object appears only once the upload completes; a failed one is aborted with its parts.
      const upload = new Upload({
        client,
        params: { Bucket, Key: keyOf(key), Body: counted },
        partSize: PART_BYTES,
        queueSize: PARTS_AT_ONCE,
        leavePartsOnError: false,
      });
      const uploaded = upload.done().catch((error: unknown) => {
        // Unblocks the source, which would otherwise wait forever for a reader that has gone.
        counted.destroy(error as Error);
        throw error;
      });
      // The source's own error (a size limit, say) is the one worth reporting, so it is awaited first.
      const [piped, stored] = await Promise.allSettled([pipeline(source, counted), uploaded]);
      if (piped.status === "rejected") throw piped.reason;
      if (stored.status === "rejected") throw stored.reason;
      return bytes;
    },
    async get(key) {
      const object = await getObject(key);
      if (!object?.Body) return undefined;
      const length = object.ContentLength;
      if (length === undefined) return await object.Body.transformToByteArray();
      // Straight into one buffer of the announced size: collecting the chunks and joining them holds a 25 MB scan
      // twice while it is read.
      const bytes = new Uint8Array(length);
      let at = 0;
      for await (const chunk of object.Body as Readable) {
        const part = chunk as Uint8Array;
        if (at + part.byteLength > length) throw new Error(`${key}: more bytes than the ${length} announced`);
        bytes.set(part, at);
        at += part.byteLength;
      }
      if (at !== length) throw new Error(`${key}: ${at} bytes of the ${length} announced`);
      return bytes;
    },
    async open(key) {
      const object = await getObject(key);
      if (!object?.Body) return undefined;
      return { stream: object.Body as Readable, bytes: object.ContentLength ?? 0 };
    },
    presignedUrl(key, options) {
      const command = new GetObjectCommand({
        Bucket,
        Key: keyOf(key),
        ResponseContentType: options.contentType,
        ResponseContentDisposition: `attachment; filename="${options.fileName}"`,
      });
      return getSignedUrl(client, command, { expiresIn: options.expiresInSeconds });
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async deleteFolder(prefix) {
      let batch: string[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const Objects = batch.map((Key) => ({ Key }));
        batch = [];
        const answer = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
        const failed = answer.Errors?.[0];
        if (failed) throw new Error(`S3 could not delete ${failed.Key}: ${failed.Code} ${failed.Message}`);
      };
      for await (const { key } of objects(prefix)) {
        batch.push(key);
        if (batch.length === 1000) await flush();
      }
      await flush();
    },
    list: (prefix) => objects(prefix),
    async sweepUnfinished(olderThan) {
      let removed = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      try {
        do {
          const page = await client.send(new ListMultipartUploadsCommand({ Bucket, KeyMarker, UploadIdMarker }));
          for (const upload of page.Uploads ?? []) {
            if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= olderThan) continue;
            await client.send(new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }));
            removed++;
          }
          ({ NextKeyMarker: KeyMarker, NextUploadIdMarker: UploadIdMarker } = page);
          if (!page.IsTruncated) break;
        } while (KeyMarker);
      } catch (error) {
        // Servers without this call (s3rver) keep no visible parts to sweep; the bucket's lifecycle rule
        // (AbortIncompleteMultipartUpload, README) is the other safety net.
        if ((error as { name?: string }).name !== "NotImplemented") throw error;
      }
      return removed;
    },
  };
}
