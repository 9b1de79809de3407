import { UPLOAD_MAX_BYTES } from '@store/contracts';

/** The types the server keeps; SVG is refused there (it can carry scripts), so here too. */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Why a chosen file cannot be uploaded, or undefined when it can. */
export function imageFileProblem(file: { type: string; size: number }): string | undefined {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return 'Please choose a PNG, JPEG or WebP image.';
  }
  if (file.size > UPLOAD_MAX_BYTES) return 'The image is larger than 2 MB.';
  return undefined;
}

/** The file as a data URL, the form the upload call takes. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
