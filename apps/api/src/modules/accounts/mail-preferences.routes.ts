import { MessageSchema, SendSelectedEmailQuerySchema, UnsubscribeQuerySchema } from '@store/contracts';
import { userOf } from '../../http/auth.ts';
import { Limits } from './limits.ts';
import type { AccountsRouteKit } from './route-kit.ts';

/** Account mails: the operator sends one again; a mail's signed link turns marketing mail off. */
export function mailPreferenceRoutes(kit: AccountsRouteKit): void {
  const { r, tags, accounts, limit, limitIp, signedIn, requireAdmin } = kit;
  r.post(
    '/User/SendSelectedEmail',
    {
      schema: {
        tags,
        summary: 'Operator only: send an account mail again',
        querystring: SendSelectedEmailQuerySchema,
        response: { 200: MessageSchema },
        security: [{ bearer: [] }],
      },
      preValidation: [signedIn, requireAdmin],
      preHandler: async (request) => limit(Limits.sendEmail, userOf(request)),
    },
    async (request) => {
      request.log.info(
        {
          event: 'send_selected_email',
          emailType: request.query.emailType,
          target: request.query.identityId,
        },
        'operator mail',
      );
      return accounts.sendSelectedEmail(userOf(request), request.query.emailType, request.query.identityId);
    },
  );

  r.post(
    '/User/Unsubscribe',
    {
      schema: {
        tags,
        summary: 'Turn marketing mail off with the signed link of a mail',
        querystring: UnsubscribeQuerySchema,
        response: { 200: MessageSchema },
      },
      preHandler: limitIp(Limits.unsubscribeIp),
    },
    async (request) => accounts.unsubscribe(request.query.token),
  );
}
