// Members made through the API as people would make them, for the benchmarks: sign up, follow
// the verification mail's link (read from the `emails` table), log in, take the quiz, pay the first box.
import pg from 'pg';
import { verificationLinkIn } from './report.mjs';

/**
 * A verified bench user's access token, through the API as a person would get one: register,
 * follow the link of the verification mail (read from the `emails` table), log in.
 */
export async function benchUserToken(baseUrl, databaseUrl, runId, tag = '', extraHeaders = {}) {
  const email = `bench-${runId}${tag}@example.com`;
  const password = `bench-${runId}-Password!`;
  const post = async (pathname, body) => {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method: 'POST',
      headers: { ...extraHeaders, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  const probe = await fetch(`${baseUrl}/api/Account/AuthInfo`);
  await probe.arrayBuffer();
  if (probe.status === 404) return { skip: 'the route does not exist yet' };

  const registered = await post('/api/User/Register', {
    emailAddress: email,
    password,
    confirmPassword: password,
    isAgeConfirmed: true,
  });
  if (registered.status >= 300) return { skip: `registration answered ${registered.status}` };
  const link = await verificationLink(databaseUrl, email);
  if (!link) return { skip: 'no verification mail found' };
  const verified = await post(`/api/User/VerifyEmail?code=${link.code}&userId=${link.userId}`);
  if (verified.status >= 300) return { skip: `verification answered ${verified.status}` };
  const login = await post('/api/User/Login', { emailAddress: email, password });
  if (login.status !== 200 || !login.body?.token) return { skip: `login answered ${login.status}` };
  return { value: login.body.token };
}

/** The bench user's first-box order, as a person gets one: the quiz, then its results. */
export async function benchUserOrder(baseUrl, token, extraHeaders = {}) {
  const post = async (pathname, body) => {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method: 'POST',
      headers: { ...extraHeaders, 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  const quiz = await post('/api/theQuiz/TakeQuiz', {
    exerciseTypes: [0],
    flavors: [0, 1, 2, 3],
    usedProteinBefore: false,
  });
  if (quiz.status !== 200) return { skip: `the quiz answered ${quiz.status}` };
  const results = await post('/api/product/GetProductQuizResults', { id: quiz.body.id });
  if (results.status !== 200 || !results.body?.orderId)
    return { skip: `quiz results answered ${results.status}` };
  return { value: results.body.orderId };
}

/** The member's first box, paid with the sandbox's good card: a membership with a shop. */
export async function benchUserMembership(baseUrl, token, extraHeaders = {}) {
  const order = await benchUserOrder(baseUrl, token, extraHeaders);
  if (order.skip) return order;
  const post = async (pathname, body) => {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method: 'POST',
      headers: {
        ...extraHeaders,
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  const query = (params) =>
    new URLSearchParams({ orderId: order.value, paymentMethodId: 'pm_card_visa', ...params });
  const intent = await post(`/api/Payment/createPaymentIntent?${query({ deliverySchedule: '0' })}`, {
    firstName: 'Bench',
    lastName: 'Member',
    shippingAddress: { street1: '1 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701' },
  });
  if (intent.status !== 200) return { skip: `the payment intent answered ${intent.status}` };
  const paid = await post(
    `/api/Payment/Subscribe?${query({ paymentIntent: intent.body.paymentIntentId, deliverySchedule: '0' })}`,
  );
  if (paid.status !== 200)
    return { skip: `Subscribe answered ${paid.status}: ${paid.body?.error_description}` };
  return { value: order.value };
}

export async function verificationLink(databaseUrl, email) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 40; attempt++) {
      const { rows } = await client.query(
        'SELECT text FROM emails WHERE lower(to_address) = lower($1) ORDER BY created_at DESC',
        [email],
      );
      for (const row of rows) {
        const link = verificationLinkIn(row.text);
        if (link) return link;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return undefined;
  } finally {
    await client.end();
  }
}

const DAY = 86_400_000;

/**
 * `size` memberships copied from the template member's rows (identity, quiz, first-box order and
 * its items, provider customer and card, subscription, cycle 0 delivered and reviewed), 10,000 per
 * transaction. Next billing dates spread evenly over (t0, t0 + 30 days]; the reminders of those
 * billed within 3 days of t0 are recorded as sent, so nothing is due at t0. The copies' e-mail
 * addresses are `scale-<n>-<runId>@example.com` (n from 1), their password the template's.
 */
export async function copyMembership(databaseUrl, templateOrderId, size, t0, runId) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT s.id AS sub_id, s.identity_id, s.first_order_id, o.quiz_id, pm.id AS pm_id,
              pm.provider_payment_method_id AS pm_provider_id, c.provider_customer_id AS cus_provider_id
       FROM subscriptions s JOIN orders o ON o.id = s.first_order_id
       JOIN payment_methods pm ON pm.id = s.default_payment_method_id
       JOIN customers c ON c.identity_id = s.identity_id
       WHERE s.first_order_id = $1`,
      [templateOrderId],
    );
    const t = rows[0];
    if (!t) throw new Error('the template membership is missing');
    const start = t0.getTime() + 1;
    // The template itself becomes member 0 of the spread.
    await client.query(
      `UPDATE subscriptions SET next_billing_at = $2, cycle_started_at = $2::timestamptz - interval '30 days' WHERE id = $1`,
      [t.sub_id, new Date(start)],
    );
    await client.query(
      `UPDATE billing_cycles SET shipped_at = starts_at, delivered_at = starts_at, samples_auto_chosen_at = starts_at,
         review_window_closed_at = starts_at WHERE subscription_id = $1`,
      [t.sub_id],
    );
    const BATCH = 10_000;
    for (let from = 1; from < size; from += BATCH) {
      const to = Math.min(size, from + BATCH) - 1;
      await client.query('BEGIN');
      await client.query(
        `CREATE TEMP TABLE copies ON COMMIT DROP AS
         SELECT n, gen_random_uuid() AS identity_id, gen_random_uuid() AS order_id, gen_random_uuid() AS sub_id,
                gen_random_uuid() AS cycle_id, gen_random_uuid() AS pm_id, gen_random_uuid() AS quiz_id,
                'pm_scale_' || n AS pm_provider_id, 'cus_scale_' || n AS cus_provider_id,
                to_timestamp(($3::bigint + (n * 30 * ${DAY}::bigint) / $4::bigint) / 1000.0) AS next_billing_at
         FROM generate_series($1::int, $2::int) AS n`,
        [from, to, start, size],
      );
      const copy = (table, fields, from, where) =>
        client.query(
          `INSERT INTO ${table}
           SELECT (jsonb_populate_record(NULL::${table}, to_jsonb(x) || jsonb_build_object(${fields}))).*
           FROM ${from} WHERE ${where}`,
        );
      await copy(
        'identities',
        `'id', c.identity_id, 'email', 'scale-' || c.n || '-${runId}@example.com', 'referral_code', 'SCALE${runId}' || c.n,
         'quiz_id', c.quiz_id::text, 'order_id', c.order_id::text`,
        'identities x, copies c',
        `x.id = '${t.identity_id}'`,
      );
      await copy(
        'quizzes',
        `'id', c.quiz_id, 'identity_id', c.identity_id`,
        'quizzes x, copies c',
        `x.id::text = '${t.quiz_id}'`,
      );
      await client.query(
        `INSERT INTO orders
         SELECT (jsonb_populate_record(NULL::orders, to_jsonb(x) || jsonb_build_object('id', c.order_id,
                 'identity_id', c.identity_id, 'quiz_id', c.quiz_id, 'status', 'delivered',
                 'order_number', nextval('order_number_seq')::text))).*
         FROM orders x, copies c WHERE x.id = '${t.first_order_id}'`,
      );
      await copy(
        'order_items',
        `'id', gen_random_uuid(), 'order_id', c.order_id`,
        'order_items x, copies c',
        `x.order_id = '${t.first_order_id}'`,
      );
      await copy(
        'customers',
        `'identity_id', c.identity_id, 'provider_customer_id', c.cus_provider_id`,
        'customers x, copies c',
        `x.identity_id = '${t.identity_id}'`,
      );
      await copy(
        'payment_methods',
        `'id', c.pm_id, 'identity_id', c.identity_id, 'provider_payment_method_id', c.pm_provider_id`,
        'payment_methods x, copies c',
        `x.id = '${t.pm_id}'`,
      );
      // The sandbox provider's own records of the customer and the card, under the new ids.
      await client.query(
        `INSERT INTO sandbox_objects
         SELECT (jsonb_populate_record(NULL::sandbox_objects, to_jsonb(x) || jsonb_build_object(
                 'id', CASE x.kind WHEN 'customer' THEN c.cus_provider_id ELSE c.pm_provider_id END,
                 'data', replace(replace(replace(x.data::text, $1, c.cus_provider_id), $2, c.pm_provider_id),
                                 $3, c.identity_id::text)::jsonb))).*
         FROM sandbox_objects x, copies c WHERE x.id IN ($1, $2)`,
        [t.cus_provider_id, t.pm_provider_id, t.identity_id],
      );
      await copy(
        'subscriptions',
        `'id', c.sub_id, 'identity_id', c.identity_id, 'first_order_id', c.order_id, 'current_order_id', c.order_id,
         'default_payment_method_id', c.pm_id, 'next_billing_at', c.next_billing_at,
         'cycle_started_at', c.next_billing_at - interval '30 days'`,
        'subscriptions x, copies c',
        `x.id = '${t.sub_id}'`,
      );
      await copy(
        'billing_cycles',
        `'id', c.cycle_id, 'subscription_id', c.sub_id, 'order_id', c.order_id`,
        'billing_cycles x, copies c',
        `x.subscription_id = '${t.sub_id}'`,
      );
      await client.query('COMMIT');
    }
    // The steady state: whoever is billed within 3 days was reminded already (the sweep's key).
    await client.query(
      `INSERT INTO cycle_mails (dedupe_key, kind, to_address, subject, html, text, created_at, sent_at)
       SELECT 'reminder:' || s.id || ':' || floor(extract(epoch FROM s.next_billing_at) * 1000)::bigint,
              'renewal-reminder', i.email, 'Your next box', '', '', $1, $1
       FROM subscriptions s JOIN identities i ON i.id = s.identity_id
       WHERE s.next_billing_at <= $2`,
      [new Date(t0.getTime() - DAY), new Date(t0.getTime() + 3 * DAY)],
    );
    await client.query('ANALYZE');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
