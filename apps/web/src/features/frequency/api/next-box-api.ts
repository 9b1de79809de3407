import { apiPost } from '@/lib/api-client.ts';
import { loadAuthInfo } from '@/lib/auth.ts';

/*
 * The next box's date (docs/product.md#moving-the-next-box). Quiet: the page says what failed
 * beside the button; AuthInfo is read again so every date on screen moves with it.
 */

/** POST /user/RescheduleNextBox?date=YYYY-MM-DD. */
export async function rescheduleNextBox(date: string): Promise<void> {
  await apiPost('/user/RescheduleNextBox', { query: { date }, quiet: true });
  await loadAuthInfo();
}

/** POST /user/SendNextBoxNow: charged now; one charge however often it is asked. */
export async function sendNextBoxNow(): Promise<void> {
  await apiPost('/user/SendNextBoxNow', { quiet: true });
  await loadAuthInfo();
}
