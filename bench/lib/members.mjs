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
