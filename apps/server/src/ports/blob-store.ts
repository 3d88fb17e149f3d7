import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open as openFile, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** A stored blob as a listing shows it. */
export type BlobEntry = { key: string; modifiedAt: Date };

/** What a browser needs to download a blob straight from the storage. */
export type PresignOptions = { fileName: string; contentType: string; expiresInSeconds: number };

/**
 * Where files live (scans, built fonts, specimens, template PDFs): a small interface so a deployment can swap the
 * local folder for S3-compatible storage (DESIGN.md §4). Keys are slash-separated, made of safe segments.
 * Writes are all or nothing: a reader sees the old blob, the whole new one, or none, never part of a write.
 */
export interface BlobStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /**
   * Stores what the stream gives without holding it in memory; resolves with the number of bytes stored. When the
   * stream fails (its error is the one thrown), nothing of it is stored.
   */
  putStream(key: string, source: Readable): Promise<number>;
  /** The stored bytes, or undefined when nothing is stored under the key. */
  get(key: string): Promise<Uint8Array | undefined>;
  /** The stored bytes as a stream with their length, or undefined when nothing is stored under the key. */
  open(key: string): Promise<{ stream: Readable; bytes: number } | undefined>;
  /**
   * A time-limited address that downloads the blob straight from the storage, or null when the store has none
   * (the local folder): then the server streams it. Whoever hands it out checks ownership first.
   */
  presignedUrl(key: string, options: PresignOptions): Promise<string | null>;
  delete(key: string): Promise<void>;
  /** Deletes every blob whose key starts with `prefix/`. */
  deleteFolder(prefix: string): Promise<void>;
  /** Every blob whose key starts with `prefix/`, in no particular order. */
  list(prefix: string): AsyncIterable<BlobEntry>;
  /**
   * Removes what writes started before `olderThan` and never finished left behind (the process stopped mid-write);
   * resolves with how many were removed.
   */
  sweepUnfinished(olderThan: Date): Promise<number>;
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;

/** Throws unless the key is a safe relative path: no `..`, no absolute path, no odd characters. */
export function assertSafeKey(key: string): void {
  const segments = key.split("/");
  if (key.length > 512 || segments.some((segment) => !SEGMENT.test(segment) || segment.includes(".."))) {
    throw new Error(`Unsafe blob key: ${JSON.stringify(key)}`);
  }
}

// A write in progress: `<final name>.<uuid>.tmp` beside the blob it becomes once renamed.
const TEMPORARY = /\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp$/;

/** A blob store in a local folder (DATA_DIR/blobs by default); writes are atomic (temp file, then rename). */
export function createFileBlobStore(root: string): BlobStore {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return join(root, ...key.split("/"));
  };
  const ignoreMissing = (error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  };

  /** Every file under a folder (none when it does not exist), temporary ones included. */
  async function* files(folder: string) {
    const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch((error) => {
      ignoreMissing(error);
      return [];
    });
    for (const entry of entries) if (entry.isFile()) yield join(entry.parentPath, entry.name);
  }

  const writeAtomically = async (key: string, write: (temp: string) => Promise<void>) => {
    const path = pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.${randomUUID()}.tmp`;
    try {
      await write(temp);
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  };

  return {
    put: (key, bytes) => writeAtomically(key, (temp) => writeFile(temp, bytes)),
    async putStream(key, source) {
      let bytes = 0;
      await writeAtomically(key, async (temp) => {
        await pipeline(source, createWriteStream(temp));
        bytes = (await stat(temp)).size;
      });
      return bytes;
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        ignoreMissing(error);
        return undefined;
      }
    },
    async open(key) {
      // The file is opened before it is measured, so a delete in between cannot cut the stream short.
      const handle = await openFile(pathOf(key)).catch((error) => {
        ignoreMissing(error);
        return undefined;
      });
      if (!handle) return undefined;
      try {
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), bytes: size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    presignedUrl: async () => null,
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async deleteFolder(prefix) {
      await rm(pathOf(prefix), { recursive: true, force: true });
    },
    async *list(prefix) {
      for await (const path of files(pathOf(prefix))) {
        if (TEMPORARY.test(path)) continue;
        const modified = await stat(path).catch((error) => ignoreMissing(error));
        if (modified) yield { key: relative(root, path).split(sep).join("/"), modifiedAt: modified.mtime };
      }
    },
    async sweepUnfinished(olderThan) {
      let removed = 0;
      for await (const path of files(root)) {
        if (!TEMPORARY.test(path)) continue;
        const modified = await stat(path).catch((error) => ignoreMissing(error));
        if (modified && modified.mtime < olderThan) {
          await rm(path, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}
