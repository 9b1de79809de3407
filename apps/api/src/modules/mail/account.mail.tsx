import { displayOrderNumber } from '@store/contracts';
import { BRAND, Items, Layout, P, renderMail } from './layout.tsx';
import type { Mail } from './mailer.ts';

/*
 * The account mails and the sold-out refund, in the one layout (./layout.tsx). Links are absolute
 * (built from PUBLIC_URL by the caller). Which mails carry the unsubscribe link is decided in
 * docs/decisions/015-emails-and-marketing-opt-in.md.
 */

const SIGN_UP_REASON = `You get this email because this address was used to sign up at ${BRAND}.`;
export const ACCOUNT_REASON = `You get this email because you have a ${BRAND} account.`;

/** The link of `/verification/{code}/{userId}`, sent after sign-up. */
export function verificationMail(to: string, link: string): Promise<Mail> {
  return renderMail(
    { kind: 'verify-email', to, subject: `Verify your email for ${BRAND}` },
    <Layout
      preview="One click and your account is ready."
      heading="Please verify your email address"
      cta={{ label: 'Verify my email', url: link }}
      footnote="This link works once and expires in 24 hours. If you did not sign up, you can ignore this email."
      reason={SIGN_UP_REASON}
    >
      <P>
        Thanks for signing up with {BRAND}! Confirm that this is your email address and your account is ready.
      </P>
    </Layout>,
  );
}

/** The link of `/reset-password?token=...&email=...`. */
export function resetPasswordMail(to: string, link: string): Promise<Mail> {
  return renderMail(
    { kind: 'reset-password', to, subject: `Reset your ${BRAND} password` },
    <Layout
      preview="Choose a new password."
      heading="Reset your password"
      cta={{ label: 'Choose a new password', url: link }}
      footnote="This link works once and expires in 30 minutes. If you did not ask for it, ignore this email: your password stays the same."
      reason={`You get this email because someone asked to reset the password of the ${BRAND} account with this address.`}
    >
      <P>Someone (hopefully you) asked to reset the password of your account. Choose a new one here.</P>
    </Layout>,
  );
}

/**
 * The link of `/login-link?token=...` (docs/product.md#log-in-with-a-link): asked for on the login
 * page, or sent by the store when an account's failed-login budget is spent
 * (docs/reliability.md#a4), so its owner can still get in while password logins wait.
 */
export function loginLinkMail(
  to: string,
  link: string,
  why: 'asked' | 'failed-logins' = 'asked',
): Promise<Mail> {
  return renderMail(
    { kind: 'login-link', to, subject: `Your ${BRAND} login link` },
    <Layout
      preview="One click and you are logged in."
      heading="Log in to your account"
      cta={{ label: 'Log me in', url: link }}
      footnote="This link works once and expires in 15 minutes. If you did not ask for it, you can ignore this email: nobody can use your account without it."
      reason={ACCOUNT_REASON}
    >
      {why === 'failed-logins' ? (
        <P>
          Someone tried many wrong passwords on your account, so logging in with a password is paused for up
          to an hour. You can still log in with this link, and then change your password if you like.
        </P>
      ) : (
        <P>You asked for a link to log in without your password. Use it on this device or any other.</P>
      )}
    </Layout>,
  );
}

/** Sent instead of a second account when someone signs up with a known address (no enumeration). */
export function alreadyRegisteredMail(
  to: string,
  links: { login: string; forgotPassword: string },
): Promise<Mail> {
  return renderMail(
    { kind: 'already-registered', to, subject: `You already have a ${BRAND} account` },
    <Layout
      preview="Log in with your existing account."
      heading="You already have an account"
      cta={{ label: 'Log in', url: links.login }}
      footnote="If this was not you, you can ignore this email; nothing has changed."
      reason={SIGN_UP_REASON}
    >
      <P>
        Someone tried to sign up with this email address, but it already has an account. Log in with it
        instead.
      </P>
      <P>Forgot your password? Reset it here: {links.forgotPassword}</P>
    </Layout>,
  );
}

/**
 * The welcome once the address is verified. Every new account gets it (it says the account is
 * ready); only a person who asked for news and offers gets the paragraph about them and the
 * unsubscribe link (docs/decisions/015-emails-and-marketing-opt-in.md). It fits where the person
 * is (docs/product.md#mails): a member who has paid is told what happens with their box, a person
 * whose first box waits at checkout is led back to it, anyone else to the quiz.
 */
export function welcomeMail(
  to: string,
  links: {
    quiz: string;
    unsubscribe?: string | null;
    /** The unpaid first box's checkout, when the quiz was taken but the box not paid. */
    checkout?: string | null;
    /** Membership, when the person is a paying member. */
    membership?: string | null;
  },
  firstName?: string | null,
): Promise<Mail> {
  const marketing = Boolean(links.unsubscribe);
  const cta = links.membership
    ? { label: 'Build your box', url: links.membership }
    : links.checkout
      ? { label: 'Finish your first box', url: links.checkout }
      : { label: 'Take the quiz', url: links.quiz };
  return renderMail(
    { kind: 'welcome', to, subject: `Welcome to ${BRAND}!` },
    <Layout
      preview={
        links.membership
          ? 'Your email is verified. Here is what happens with your first box.'
          : 'Sample first, never guess again.'
      }
      heading={firstName ? `Welcome, ${firstName}!` : 'Welcome!'}
      cta={cta}
      reason={
        marketing
          ? `You get this email because you created a ${BRAND} account and asked for our news and offers.`
          : `You get this email because you created a ${BRAND} account.`
      }
      unsubscribeUrl={links.unsubscribe ?? undefined}
    >
      {links.membership ? (
        <>
          <P>
            Your email address is verified and your membership is running. What happens next with your box:
          </P>
          <Items
            title="Your first box"
            items={[
              'Your 2 prime picks, matched to your quiz, are already in it.',
              'Choose your 2 samples on your Membership page within 3 days; after that we choose for you.',
              'We pack and ship your box, and email you its tracking number.',
              'Taste, review, and buy the tubs you like at 25-50% off.',
            ]}
          />
        </>
      ) : links.checkout ? (
        <>
          <P>
            Your account is ready, and your first box is waiting: 2 prime picks matched to your quiz, plus 2
            samples you choose. Finish the checkout to start your membership.
          </P>
          <P>Members save 25-50% on full-size tubs.</P>
        </>
      ) : (
        <>
          <P>
            Your account is ready. Take the quiz and we will match you with protein powders you can sample
            before you buy a tub.
          </P>
          <P>
            Every box holds 4 single-serving samples: 2 prime picks we match to your quiz and 2 you choose.
            Members save 25-50% on full-size tubs.
          </P>
        </>
      )}
      {marketing ? (
        <P>
          You asked for our news and offers, so we will also email you about new products and member deals.
          One click on the link at the bottom stops them.
        </P>
      ) : null}
    </Layout>,
  );
}

/**
 * A shop order paid after its stock hold had expired, when the tubs had sold out meanwhile: the
 * payment is refunded in full (docs/reliability.md#c11).
 */
export function soldOutRefundMail(
  to: string,
  order: { number: string; amount: string; products: string[]; orderUrl: string; shopUrl: string },
): Promise<Mail> {
  const number = displayOrderNumber(order.number);
  return renderMail(
    {
      kind: 'order-sold-out-refunded',
      to,
      subject: `Your order ${number} sold out: we refunded ${order.amount}`,
    },
    <Layout
      preview={`We refunded ${order.amount} to your card.`}
      heading="Sorry, your tubs sold out"
      orderNumber={number}
      cta={{ label: 'Back to the shop', url: order.shopUrl }}
      footnote={`See the order: ${order.orderUrl}`}
      reason={`You get this email about an order you placed with ${BRAND}.`}
    >
      <P>
        {order.products.length > 0 ? 'These tubs' : 'Your tubs'} sold out while your payment for order{' '}
        {number} was still completing, so we could not keep your order.
      </P>
      <Items title="Sold out" items={order.products} />
      <P>
        We refunded the whole payment of {order.amount} to your card. Banks take 5-10 business days to show
        it. Nothing else was charged.
      </P>
      <P>Your cart is open again, so you can choose something else.</P>
    </Layout>,
  );
}
