import { ChangePasswordSchema } from '@store/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { changePassword } from '../api/profile-api.ts';

/** Change Password (docs/product.md#member-area): current and new password; the new tokens are kept. */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal?.();
    return () => el?.close?.();
  }, []);

  async function submit() {
    const parsed = ChangePasswordSchema.safeParse({ currentPassword: current, newPassword: next });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setMessage('');
    setIsSaving(true);
    try {
      notify(await changePassword(current, next), 'success');
      onClose();
    } catch (error) {
      setMessage(
        error instanceof ApiError ? error.message : 'We could not change your password. Please try again.',
      );
      setIsSaving(false);
    }
  }

  return (
    <dialog ref={dialog} className="profile-dialog" aria-labelledby={titleId} onCancel={onClose}>
      <form
        className="profile-dialog__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h2 id={titleId} className="profile__subtitle">
          Change Password
        </h2>
        <TextField
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          error={errors.currentPassword}
        />
        <TextField
          name="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.target.value)}
          error={errors.newPassword}
        />
        <p className="profile-dialog__message" role="alert">
          {message}
        </p>
        <div className="profile__actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={isSaving} loadingLabel="Changing your password">
            Change Password
          </Button>
        </div>
      </form>
    </dialog>
  );
}
