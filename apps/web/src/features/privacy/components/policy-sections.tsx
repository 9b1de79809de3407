import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { SUPPORT_EMAIL, supportMailto } from '@/lib/support.ts';

export interface PolicySection {
  /** Anchor of the section (#privacy-3). */
  id: string;
  title: string;
  body: ReactNode;
}

const mail = (subject?: string) => <a href={supportMailto(subject)}>{SUPPORT_EMAIL}</a>;

/** The store's privacy policy in 15 sections (docs/product.md#public-pages), last updated April 3rd, 2025. */
export const POLICY_SECTIONS: readonly PolicySection[] = [
  {
    id: 'privacy-1',
    title: 'Who we are and what this policy covers',
    body: (
      <>
        <p>
          Sample First ("we", "us") runs an online store that sends boxes of protein powder samples matched to
          a short questionnaire, and sells full-size tubs to members. This policy explains what personal
          information we collect when you visit our website, take the questionnaire, create an account, buy
          from us or write to us, how we use and share it, and the choices and rights you have.
        </p>
        <p>
          We serve customers in the United States only. By using the store you agree to the practices in this
          policy.
        </p>
      </>
    ),
  },
  {
    id: 'privacy-2',
    title: 'Information we collect',
    body: (
      <>
        <p>We collect information you give us:</p>
        <ul>
          <li>
            <strong>Account details:</strong> email address, password (stored only as a one-way hash), name,
            phone number, age and shipping address.
          </li>
          <li>
            <strong>Questionnaire answers:</strong> how and how often you exercise, your fitness goals, diet,
            dietary restrictions and allergies, preferred flavors and textures, and the brands you like or
            dislike.
          </li>
          <li>
            <strong>Orders and payments:</strong> what you buy, your delivery schedule and your billing
            address. Card numbers are entered into and processed by our payment processor, Stripe; we keep
            only the card brand, the last 4 digits and the expiry date.
          </li>
          <li>
            <strong>Reviews and messages:</strong> product ratings and reviews, messages you send through the
            Get in touch form, and ambassador applications, including the social media handles you choose to
            give us.
          </li>
        </ul>
        <p>We collect some information automatically:</p>
        <ul>
          <li>
            <strong>Device and usage data:</strong> IP address, browser type, the pages you open and the time
            of each request, kept in our server logs.
          </li>
          <li>
            <strong>Browser storage:</strong> a security cookie that protects forms against cross-site
            requests, and items in your browser's local storage that keep you signed in and remember your
            cart.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'privacy-3',
    title: 'How we use your information',
    body: (
      <ul>
        <li>to match you with products and explain why each one was chosen;</li>
        <li>
          to run your account and membership, take payments, and assemble and ship your boxes and orders;
        </li>
        <li>
          to send emails about your account and orders, such as verification, receipts and shipping updates;
        </li>
        <li>
          to send news and offers when you have agreed to receive them, always with an unsubscribe link;
        </li>
        <li>to answer your messages and review ambassador applications;</li>
        <li>to keep the store secure, prevent fraud and abuse, and fix problems;</li>
        <li>to understand which products and flavors work for our members and improve our matching;</li>
        <li>to meet our legal, tax and accounting obligations.</li>
      </ul>
    ),
  },
  {
    id: 'privacy-4',
    title: 'How we share your information',
    body: (
      <>
        <p>
          <strong>We do not sell your personal information</strong>, and we do not share it for targeted
          advertising. We share it only:
        </p>
        <ul>
          <li>
            with service providers who work for us under contract: payment processing (Stripe), shipping
            carriers, email delivery and hosting. They may use it only to provide their service to us;
          </li>
          <li>
            with the brands whose products you review: we may share the text and rating of a review, without
            your email address, phone number or address, as the review form tells you;
          </li>
          <li>
            when the law requires it, or to protect the rights, safety and property of our customers and our
            store;
          </li>
          <li>
            with a buyer or successor if our business is sold or merged, under the same protections as this
            policy.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'privacy-5',
    title: 'Cookies and browser storage',
    body: (
      <p>
        We use only the cookie and browser storage we need to run the store: a security cookie for forms, your
        sign-in tokens and your cart. We do not use advertising cookies or third-party trackers. During
        checkout, Stripe may set its own cookies to detect fraud; see Stripe's privacy policy for details. You
        can clear cookies and local storage in your browser at any time; you will then need to sign in again.
      </p>
    ),
  },
  {
    id: 'privacy-6',
    title: 'Do Not Track',
    body: (
      <p>
        Some browsers send a "Do Not Track" signal. There is no common standard for how websites should
        respond to it, so our store does not respond to Do Not Track signals. Because we do not use
        advertising trackers, we do not follow you across other websites either way.
      </p>
    ),
  },
  {
    id: 'privacy-7',
    title: 'How long we keep your information',
    body: (
      <p>
        We keep your account information while your account is open. After you close it, we delete or
        anonymize it, except for what we must keep to meet legal, tax and accounting obligations (such as
        order and payment records), to resolve disputes, or to prevent fraud. Server logs are kept for a
        limited time for security.
      </p>
    ),
  },
  {
    id: 'privacy-8',
    title: 'How we protect your information',
    body: (
      <p>
        We protect your information with encrypted connections (HTTPS), hashed passwords, short-lived sign-in
        tokens, limits on repeated attempts, and access to personal data only for the people who need it for
        their work. Card numbers never reach our servers. No system is perfectly secure; if we learn of a
        breach that affects you, we will tell you as the law requires.
      </p>
    ),
  },
  {
    id: 'privacy-9',
    title: 'Children under 13',
    body: (
      <p>
        Our store is not for children. Children under 13 are not allowed to use it or create an account, and
        we do not knowingly collect personal information from them. If we learn that we have, we delete it. If
        you believe a child under 13 has given us personal information, please write to{' '}
        {mail('Child account')}.
      </p>
    ),
  },
  {
    id: 'privacy-10',
    title: 'Teens aged 13 to 17',
    body: (
      <p>
        People aged 13 to 17 may use the store only with the involvement and permission of a parent or legal
        guardian, who agrees to this policy and is responsible for any purchase. Protein supplements are not a
        replacement for a balanced diet; we recommend that teens talk to a parent, doctor or coach before
        using them.
      </p>
    ),
  },
  {
    id: 'privacy-11',
    title: 'Your choices about emails',
    body: (
      <p>
        Every marketing email has an unsubscribe link. You can also turn marketing emails on or off in your
        account (Account, "Receive email updates and promotions"). Even if you unsubscribe, we still send
        emails that are needed for your account and orders, such as receipts and shipping updates.
      </p>
    ),
  },
  {
    id: 'privacy-12',
    title: 'Your privacy rights',
    body: (
      <>
        <p>Depending on where you live, you may have the right to:</p>
        <ul>
          <li>know what personal information we hold about you and get a copy of it;</li>
          <li>correct information that is wrong;</li>
          <li>have your information deleted;</li>
          <li>
            opt out of marketing emails, and of any sale or targeted-advertising sharing (we do neither);
          </li>
          <li>appeal our answer to a request.</li>
        </ul>
        <p>
          To use any of these rights, write to {mail('Privacy request')} from the email address on your
          account. We will confirm your identity, answer within 45 days, and never treat you differently for
          using your rights. You may also ask someone to act for you with your written permission.
        </p>
      </>
    ),
  },
  {
    id: 'privacy-13',
    title: 'State and regional notices',
    body: (
      <>
        <p>
          <strong>California.</strong> Under the California Consumer Privacy Act, as amended, California
          residents have the rights described in section 12, plus the right to limit the use of sensitive
          personal information. In the past 12 months we collected identifiers (such as name, email and
          address), commercial information (orders), internet activity (server logs), and preferences from the
          questionnaire; dietary restrictions and allergies may be sensitive information, and we use them only
          to match products and keep unsuitable ones out of your box. We collect them from you and your
          browser, for the purposes in section 3, and disclose them only as section 4 describes. We do not
          sell or share personal information as those terms are defined in that law, and we have no actual
          knowledge of selling or sharing information of consumers under 16. Under California's "Shine the
          Light" law you may ask whether we shared information with third parties for their direct marketing;
          we do not.
        </p>
        <p>
          <strong>Other states.</strong> Residents of states with comparable privacy laws, including Colorado,
          Connecticut, Oregon, Texas, Utah and Virginia, have the rights in section 12, including the right to
          appeal a decision by replying to our answer. Nevada residents may ask us not to sell their
          information; we do not sell it.
        </p>
        <p>
          <strong>Outside the United States.</strong> Our store serves the United States only, and your
          information is stored and processed in the United States.
        </p>
      </>
    ),
  },
  {
    id: 'privacy-14',
    title: 'Deleting your account',
    body: (
      <p>
        To delete your account, email {mail('Delete my account')} from the email address on your account and
        ask us to delete it. We will confirm the request, cancel any active membership so no further boxes are
        billed, and delete your account and personal information within 30 days, except for the records
        described in section 7.
      </p>
    ),
  },
  {
    id: 'privacy-15',
    title: 'Changes to this policy and contacting us',
    body: (
      <>
        <p>
          We may update this policy as our store changes. We will post the new version on this page with a new
          "Last updated" date, and email you before a material change takes effect.
        </p>
        <p>
          Questions about this policy or your information? Write to {mail('Privacy question')}, or use the Get
          in touch form at the bottom of this page. Looking for something else? Go back to the{' '}
          <Link to={paths.home()}>home page</Link>.
        </p>
      </>
    ),
  },
];
