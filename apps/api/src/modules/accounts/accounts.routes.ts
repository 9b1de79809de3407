import type { FastifyInstance } from 'fastify';
import { mailPreferenceRoutes } from './mail-preferences.routes.ts';
import { passwordRoutes } from './passwords.routes.ts';
import { profileRoutes } from './profile.routes.ts';
import { type AccountsRoutesOptions, accountsRouteKit } from './route-kit.ts';
import { sessionRoutes } from './sessions.routes.ts';
import { signUpRoutes } from './sign-up.routes.ts';

export type { AccountsRoutesOptions } from './route-kit.ts';

/** /User, /Account and /Identity routes of docs/product.md#calls, one file per concern. */
export async function accountsRoutes(app: FastifyInstance, options: AccountsRoutesOptions) {
  app.addHook('onClose', async () => options.accounts.drainMail());
  const kit = accountsRouteKit(app, options);
  signUpRoutes(kit);
  sessionRoutes(kit);
  passwordRoutes(kit);
  profileRoutes(kit);
  mailPreferenceRoutes(kit);
}
