import { apiPost } from '@/lib/api-client.ts';
import { loadAuthInfo } from '@/lib/auth.ts';

/*
 * The member's actions on the membership (docs/product.md#membership-cycle). Each one reloads AuthInfo, whose
 * `subscription` shows the new schedule, status and dates.
 */

async function act(
  path: string,
  query?: Record<string, number>,
  options: { quiet?: boolean } = {},
): Promise<void> {
  await apiPost(path, { query, quiet: options.quiet });
  await loadAuthInfo();
}

export const updateDeliverySchedule = (days: number) =>
  act('/user/UpdateDeliverySchedule', { deliveryDuration: days });
export const skipNextBox = () => act('/user/SkipNextBox');
export const pauseSubscription = (cycles: number) => act('/user/PauseSubscription', { cycles });
export const resumeSubscription = () => act('/user/ResumeSubscription');
/** `quiet`: the page shows a failure beside its button instead of a snackbar. */
export const cancelSubscription = (reason: number, options: { quiet?: boolean } = {}) =>
  act('/user/CancelSubscription', { cancelReason: reason }, options);
export const restartSubscription = () => act('/user/RestartSubscription');
