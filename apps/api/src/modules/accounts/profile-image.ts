import { AppError, badRequest } from '../../http/errors.ts';
import type { ImageMime } from './accounts.table.ts';

/** A profile picture may be at most this large once decoded. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** The SaveImage body limit: the base64 of the largest picture plus room for the JSON around it. */
export const SAVE_IMAGE_BODY_LIMIT = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 4096;

const UNSUPPORTED = 'Please choose a PNG, JPEG or WebP image.';

/** The type from the first bytes; what the client declares is never trusted. */
export function sniffImageType(bytes: Buffer): ImageMime | undefined {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return undefined;
}

/** Reads `data:image/png;base64,...` (or bare base64) into bytes and their sniffed type. */
export function decodeImage(image: string): { mime: ImageMime; data: Buffer } {
  const match = /^data:[\w.+-]+\/[\w.+-]+(?:;[\w-]+=[\w.-]+)*;base64,(.*)$/s.exec(image);
  const base64 = (match ? match[1]! : image).replace(/\s+/g, '');
  if (!base64 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw badRequest('The image could not be read.');
  if (Math.floor((base64.length * 3) / 4) > MAX_IMAGE_BYTES + 2) {
    throw new AppError('payload_too_large', 'The image is larger than 2 MB.');
  }
  const data = Buffer.from(base64, 'base64');
  if (data.length > MAX_IMAGE_BYTES)
    throw new AppError('payload_too_large', 'The image is larger than 2 MB.');
  const mime = sniffImageType(data);
  if (!mime) throw badRequest(UNSUPPORTED);
  return { mime, data };
}
