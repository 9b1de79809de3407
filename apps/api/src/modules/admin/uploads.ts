import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { UploadKind } from '@store/contracts';
import { decodeImage } from '../accounts/index.ts';

/**
 * Catalog images uploaded in the back office, kept as files under `${DATA_DIR}/uploads` and
 * served at /api/uploads/{file}. The type comes from the bytes (PNG, JPEG, WebP); SVG is
 * refused because a browser runs the scripts an SVG may carry.
 */

const EXTENSION = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;
const MIME_BY_EXTENSION: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** A stored file's name: what it is for, 128 random bits, the sniffed type. */
export const UPLOAD_FILE_PATTERN = /^(?:tub|sample|nutrition|logo)-[a-f0-9]{32}\.(?:png|jpg|webp)$/;

/** The POST body limit: a 2 MB image as base64 plus the JSON around it. */
export const UPLOAD_BODY_LIMIT = Math.ceil((2 * 1024 * 1024 * 4) / 3) + 4096;

export interface StoredUpload {
  file: string;
  /** Where it is served: `/api/uploads/{file}`. */
  path: string;
  mime: string;
  bytes: number;
}

export type Uploads = ReturnType<typeof createUploads>;

export function createUploads(dataDir: string) {
  const dir = path.join(dataDir, 'uploads');
  return {
    /** Decodes a data URL, checks type and size, and writes a new file. */
    async save(kind: UploadKind, image: string): Promise<StoredUpload> {
      const { mime, data } = decodeImage(image);
      const file = `${kind}-${randomBytes(16).toString('hex')}.${EXTENSION[mime]}`;
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, file), data, { flag: 'wx', mode: 0o640 });
      return { file, path: `/api/uploads/${file}`, mime, bytes: data.length };
    },

    /** Removes a file whose upload could not be recorded. */
    async remove(file: string): Promise<void> {
      if (UPLOAD_FILE_PATTERN.test(file)) await rm(path.join(dir, file), { force: true });
    },

    /** The file and its type, or undefined for a name that is not an upload or does not exist. */
    async read(file: string): Promise<{ data: Buffer; mime: string } | undefined> {
      if (!UPLOAD_FILE_PATTERN.test(file)) return undefined;
      try {
        const data = await readFile(path.join(dir, file));
        return { data, mime: MIME_BY_EXTENSION[file.slice(file.lastIndexOf('.') + 1)]! };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
  };
}
