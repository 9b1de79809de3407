import type { Db } from '../../db/database.ts';
import type { Mail } from '../mail/index.ts';
import { cycleStore as store } from '../subscriptions/index.ts';

/**
 * Queues a mail with the change that causes it, once per key; the sweep (or `sendMails`) sends it
 * at most once. For a plan kind's own mails (a launch, a receipt), as the engine queues its own.
 */
export function queueCycleMail(tx: Db, dedupeKey: string, mail: Mail, at: Date): Promise<boolean> {
  return store.queueMail(tx, dedupeKey, mail, at);
}
