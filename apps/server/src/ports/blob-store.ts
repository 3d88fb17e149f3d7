import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/**
 * Where files live (scans, built fonts, specimens, template PDFs): a small interface so a deployment can swap the
 * local folder for S3-compatible storage (DESIGN.md §4). Keys are slash-separated, made of safe segments.
 */
export interface BlobStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The stored bytes, or undefined when nothing is stored under the key. */
  get(key: string): Promise<Uint8Array | undefined>;
  delete(key: string): Promise<void>;
  /** Deletes every blob whose key starts with `prefix/`. */
  deleteFolder(prefix: string): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;

/** Throws unless the key is a safe relative path: no `..`, no absolute path, no odd characters. */
export function assertSafeKey(key: string): void {
  const segments = key.split("/");
  if (key.length > 512 || segments.some((segment) => !SEGMENT.test(segment) || segment.includes(".."))) {
    throw new Error(`Unsafe blob key: ${JSON.stringify(key)}`);
  }
}

/** A blob store in a local folder (DATA_DIR/blobs by default); writes are atomic (temp file, then rename). */
export function createFileBlobStore(root: string): BlobStore {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return join(root, ...key.split("/"));
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${randomUUID()}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, path);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async deleteFolder(prefix) {
      await rm(pathOf(prefix), { recursive: true, force: true });
    },
  };
}
