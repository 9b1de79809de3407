import type { UploadKind } from '@store/contracts';
import { type ChangeEvent, useId, useState } from 'react';
import { Spinner } from '@/components/ui/spinner.tsx';
import { uploadImage } from '../api/upload-image.ts';
import { ACCEPTED_IMAGE_TYPES, imageFileProblem, readAsDataUrl } from '../utils/image-file.ts';
import { errorText } from './list-parts.tsx';

/**
 * An image field: the current image as a preview, and a file picker that uploads at once and
 * puts the stored image's address in the form.
 */
export function ImageUpload({
  kind,
  label,
  value,
  error,
  onChange,
}: {
  kind: UploadKind;
  label: string;
  value: string;
  error?: string | undefined;
  onChange: (path: string) => void;
}) {
  const id = useId();
  const [isUploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string>();
  const message = problem ?? error;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const fileProblem = imageFileProblem(file);
    if (fileProblem) {
      setProblem(fileProblem);
      event.target.value = '';
      return;
    }
    setProblem(undefined);
    setUploading(true);
    try {
      const { path } = await uploadImage(kind, await readAsDataUrl(file));
      onChange(path);
    } catch (uploadError) {
      setProblem(errorText(uploadError));
    } finally {
      setUploading(false);
      event.target.value = '';
    }
  }

  return (
    <div className="admin-image">
      <label htmlFor={id} className="admin-field__label">
        {label}
      </label>
      <div className="admin-image__preview">
        {value ? (
          <img src={value} alt={`${label}, current`} />
        ) : (
          <span className="admin-image__none">No image yet</span>
        )}
      </div>
      <input
        id={id}
        name={`${kind}Image`}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        className="admin-image__input"
        onChange={choose}
        disabled={isUploading}
        aria-describedby={`${id}-message`}
        aria-invalid={message ? true : undefined}
      />
      <p
        id={`${id}-message`}
        className={message ? 'admin-field__error' : 'admin-field__hint'}
        aria-live="polite"
      >
        {isUploading ? (
          <>
            <Spinner /> Uploading…
          </>
        ) : (
          (message ?? 'PNG, JPEG or WebP, up to 2 MB.')
        )}
      </p>
    </div>
  );
}
