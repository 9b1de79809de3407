/**
 * Copies text with the Clipboard API; where it is missing or refused (an insecure origin, an old
 * browser), selects the field's text and tries the legacy copy command, so the person can at
 * least press Ctrl+C. Answers whether the text reached the clipboard.
 */
export async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to selecting the text
  }
  if (!field) return false;
  field.focus();
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
