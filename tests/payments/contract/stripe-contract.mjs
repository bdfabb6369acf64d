// The contract test's first half: Stripe's official Node.js library, a client nobody here wrote, against
// boxoffice-fakepay. It makes and reads payment methods and payment intents, confirms, lists, searches
// and refunds, checks that each answer has the shape the library's users rely on, provokes a card
// error and an invalid request, and signs webhook events with the library's own
// generateTestHeaderString. tst_stripecontract runs it, then checks the same objects through the
// product's client and the signed events through the product's verifier.
//
//   node stripe-contract.mjs --url=http://127.0.0.1:PORT --key=sk_test_... --webhook-secret=whsec_...
//                            --tag=UNIQUE [--retrieve=pi_1,pi_2]
//
// Prints one JSON document on stdout. With --retrieve it only reads those intents (the reverse
// direction: the product's client made them). Exits 1 with a message on stderr at the first
// expectation that fails.

import Stripe from 'stripe';
import { readFileSync } from 'node:fs';

const args = Object.fromEntries(process.argv.slice(2).map((arg) => {
  const match = /^--([^=]+)=(.*)$/s.exec(arg);
  if (!match) fail(`unexpected argument ${arg}`);
  return [match[1], match[2]];
}));

function fail(message) {
  process.stderr.write(`stripe-contract: ${message}\n`);
  process.exit(1);
}

function expect(condition, message, detail) {
  if (!condition) fail(detail === undefined ? message : `${message}: ${JSON.stringify(detail)}`);
}

for (const required of ['url', 'key']) {
  if (!args[required]) fail(`--${required} is required`);
}
const url = new URL(args.url);
const sdkVersion = JSON.parse(readFileSync(new URL('./node_modules/stripe/package.json', import.meta.url), 'utf8')).version;
const stripe = new Stripe(args.key, {
  host: url.hostname,
  port: Number(url.port),
  protocol: url.protocol.replace(':', ''),
  maxNetworkRetries: 1,
  timeout: 20000,
});

// Fields every payment intent carries, whatever the API version: the library's users read them.
function checkIntent(intent, what) {
  expect(typeof intent.id === 'string' && intent.id.startsWith('pi_'), `${what}: id is pi_...`, intent.id);
  expect(intent.object === 'payment_intent', `${what}: object`, intent.object);
  expect(Number.isInteger(intent.amount) && intent.amount > 0, `${what}: amount`, intent.amount);
  expect(/^[a-z]{3}$/.test(intent.currency), `${what}: currency in lower case`, intent.currency);
  expect(Number.isInteger(intent.created), `${what}: created`, intent.created);
  expect(intent.livemode === false, `${what}: livemode`, intent.livemode);
  expect(intent.metadata && typeof intent.metadata === 'object', `${what}: metadata`, intent.metadata);
  expect(typeof intent.client_secret === 'string' && intent.client_secret.startsWith(`${intent.id}_secret_`),
    `${what}: client_secret`, intent.client_secret);
  expect(['requires_payment_method', 'requires_confirmation', 'succeeded', 'canceled'].includes(intent.status),
    `${what}: status`, intent.status);
}

function checkCharge(charge, what) {
  expect(charge && charge.object === 'charge' && charge.id.startsWith('ch_'), `${what}: a charge`, charge);
  expect(Number.isInteger(charge.amount_refunded), `${what}: amount_refunded`, charge.amount_refunded);
  expect(typeof charge.refunded === 'boolean', `${what}: refunded`, charge.refunded);
  expect(['succeeded', 'failed'].includes(charge.status), `${what}: status`, charge.status);
}

// The SDK's view of an intent, its latest charge expanded: what both sides compare.
async function view(id) {
  const intent = await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] });
  checkIntent(intent, `retrieve ${id}`);
  if (intent.latest_charge) checkCharge(intent.latest_charge, `retrieve ${id}: latest_charge`);
  return intent;
}

async function expectError(promise, type, check, what) {
  try {
    await promise;
  } catch (error) {
    expect(error instanceof type, `${what}: the library raises ${type.name}`, { name: error.constructor.name, message: error.message });
    check(error);
    return error;
  }
  fail(`${what}: expected ${type.name}, got an answer`);
}

async function retrieveOnly(ids) {
  const intents = {};
  for (const id of ids) intents[id] = await view(id);
  const charges = {};
  for (const id of ids) {
    const listed = await stripe.charges.list({ payment_intent: id, limit: 10 });
    expect(listed.object === 'list' && Array.isArray(listed.data), `charges of ${id}: a list`, listed);
    charges[id] = listed.data;
  }
  return { ok: true, sdk_version: sdkVersion, intents, charges };
}

async function contract() {
  const tag = args.tag || `contract-${Date.now()}`;
  const secret = args['webhook-secret'] || 'whsec_contract';
  const since = Math.floor(Date.now() / 1000) - 1;
  const order = (n) => String(800000 + n);
  const keyOf = (name) => `${tag}-${name}`;

  // A payment method from a card, then read back.
  const card = await stripe.paymentMethods.create({
    type: 'card',
    card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' },
    billing_details: { name: 'Contract Buyer', address: { country: 'AT' } },
  });
  expect(card.object === 'payment_method' && card.id.startsWith('pm_') && card.type === 'card', 'payment method shape', card);
  expect(card.card.brand === 'visa' && card.card.last4 === '4242' && card.card.exp_month === 12, 'card details', card.card);
  expect(typeof card.card.fingerprint === 'string' && card.card.fingerprint.length >= 8, 'fingerprint', card.card);
  expect(card.billing_details.name === 'Contract Buyer' && card.billing_details.address.country === 'AT', 'billing details', card.billing_details);
  const cardAgain = await stripe.paymentMethods.retrieve(card.id);
  expect(cardAgain.id === card.id && cardAgain.card.fingerprint === card.card.fingerprint, 'retrieve the payment method', cardAgain);

  // Created under a key with the order in its metadata, then confirmed: the two-step flow.
  const twoSteps = {
    amount: 2500,
    currency: 'eur',
    description: 'Contract: two steps',
    payment_method: card.id,
    payment_method_types: ['card'],
    metadata: { order_id: order(1), boxoffice_key: keyOf('paid') },
  };
  const created = await stripe.paymentIntents.create(twoSteps, { idempotencyKey: keyOf('paid') });
  checkIntent(created, 'create');
  expect(created.status === 'requires_confirmation', 'created with a card and no confirm: requires_confirmation', created.status);
  expect(created.payment_method === card.id, 'create keeps the payment method', created.payment_method);
  expect(created.metadata.order_id === order(1) && created.metadata.boxoffice_key === keyOf('paid'), 'create keeps the metadata', created.metadata);
  expect(created.lastResponse.requestId && created.lastResponse.requestId.startsWith('req_'), 'a request id', created.lastResponse.requestId);

  const replayed = await stripe.paymentIntents.create(structuredClone(twoSteps), { idempotencyKey: keyOf('paid') });
  expect(replayed.id === created.id, 'the same key replays the same intent', [replayed.id, created.id]);
  expect(replayed.lastResponse.headers['idempotent-replayed'] === 'true', 'a replay says Idempotent-Replayed', replayed.lastResponse.headers);

  await expectError(stripe.paymentIntents.create({ amount: 2600, currency: 'eur', metadata: { order_id: order(1) } },
    { idempotencyKey: keyOf('paid') }), Stripe.errors.StripeIdempotencyError, () => {}, 'one key, other parameters');

  const confirmed = await stripe.paymentIntents.confirm(created.id, { expand: ['latest_charge'] });
  checkIntent(confirmed, 'confirm');
  expect(confirmed.status === 'succeeded' && confirmed.amount_received === 2500, 'confirm: succeeded', confirmed);
  checkCharge(confirmed.latest_charge, 'confirm: latest_charge');
  expect(confirmed.latest_charge.payment_intent === created.id && confirmed.latest_charge.metadata.order_id === order(1),
    'the charge names its intent and carries the metadata', confirmed.latest_charge);
  await expectError(stripe.paymentIntents.confirm(created.id), Stripe.errors.StripeInvalidRequestError,
    (error) => expect(error.code === 'payment_intent_unexpected_state', 'confirming twice', error.code), 'confirming twice');

  // Created and confirmed in one request, with one of Stripe's test payment methods.
  const direct = await stripe.paymentIntents.create({
    amount: 4000,
    currency: 'eur',
    payment_method: 'pm_card_mastercard',
    confirm: true,
    metadata: { order_id: order(2), boxoffice_key: keyOf('direct') },
  }, { idempotencyKey: keyOf('direct') });
  checkIntent(direct, 'create and confirm');
  expect(direct.status === 'succeeded', 'create and confirm: succeeded', direct.status);

  // A declined card: the library's StripeCardError, the intent back to requires_payment_method.
  const declinedError = await expectError(stripe.paymentIntents.create({
    amount: 1200,
    currency: 'eur',
    payment_method: 'pm_card_chargeDeclinedInsufficientFunds',
    confirm: true,
    metadata: { order_id: order(3), boxoffice_key: keyOf('declined') },
  }, { idempotencyKey: keyOf('declined') }), Stripe.errors.StripeCardError, (error) => {
    expect(error.statusCode === 402, 'a decline is a 402', error.statusCode);
    expect(error.code === 'card_declined', 'decline code', error.code);
    expect(error.decline_code === 'insufficient_funds', 'decline_code', error.decline_code);
    expect(error.payment_intent && error.payment_intent.status === 'requires_payment_method', 'the declined intent', error.payment_intent);
  }, 'declined card');
  const declinedId = declinedError.payment_intent.id;

  // An unknown parameter, as the library reports it.
  await expectError(stripe.paymentIntents.create({ amount: 100, currency: 'eur', colour: 'red' }),
    Stripe.errors.StripeInvalidRequestError, (error) => {
      expect(error.code === 'parameter_unknown' && error.param === 'colour', 'the unknown parameter is named', { code: error.code, param: error.param });
      expect(error.statusCode === 400, 'a 400', error.statusCode);
    }, 'unknown parameter');
  await expectError(new Stripe('sk_test_not_the_key', { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 0 })
    .paymentIntents.list({ limit: 1 }), Stripe.errors.StripeAuthenticationError, () => {}, 'a wrong key');
  await expectError(stripe.paymentIntents.retrieve('pi_doesnotexist'), Stripe.errors.StripeInvalidRequestError,
    (error) => expect(error.statusCode === 404 && error.code === 'resource_missing', 'an unknown intent', error.code), 'an unknown intent');

  // The list: newest first, the library's auto-pagination across pages of one.
  const listed = [];
  for await (const intent of stripe.paymentIntents.list({ created: { gte: since }, limit: 1, expand: ['data.latest_charge'] })) {
    checkIntent(intent, 'list');
    listed.push(intent.id);
    if (listed.length > 500) fail('the list never ends');
  }
  for (const id of [created.id, direct.id, declinedId]) expect(listed.includes(id), `the list holds ${id}`, listed);
  expect(listed.indexOf(declinedId) < listed.indexOf(direct.id) && listed.indexOf(direct.id) < listed.indexOf(created.id),
    'the list is newest first', listed);

  // The search by metadata, and its pages.
  const found = await stripe.paymentIntents.search({ query: `metadata['boxoffice_key']:'${keyOf('paid')}'` });
  expect(found.object === 'search_result' && found.data.length === 1 && found.data[0].id === created.id, 'search by metadata', found);
  const ours = [];
  for await (const intent of stripe.paymentIntents.search({ query: `metadata['boxoffice_key']:'${keyOf('paid')}' OR metadata['boxoffice_key']:'${keyOf('direct')}' OR metadata['boxoffice_key']:'${keyOf('declined')}'`, limit: 1 })) {
    ours.push(intent.id);
    if (ours.length > 10) fail('the search never ends');
  }
  expect(ours.length === 3 && new Set(ours).size === 3, 'search pages through every match once', ours);
  const succeeded = await stripe.paymentIntents.search({ query: `status:'succeeded' AND metadata['order_id']:'${order(3)}'` });
  expect(succeeded.data.length === 0, 'the declined one has not succeeded', succeeded.data);
  await expectError(stripe.paymentIntents.search({ query: "status:'succeeded' AND amount>1 OR currency:'eur'" }),
    Stripe.errors.StripeInvalidRequestError, (error) => expect(error.param === 'query', 'a malformed query', error.param), 'malformed query');

  // Refunds: part, then beyond what remains.
  const refund = await stripe.refunds.create({ payment_intent: created.id, amount: 1000, reason: 'requested_by_customer',
    metadata: { line: '1' } }, { idempotencyKey: keyOf('refund-1') });
  expect(refund.object === 'refund' && refund.id.startsWith('re_') && refund.amount === 1000 && refund.status === 'succeeded', 'refund shape', refund);
  expect(refund.payment_intent === created.id && refund.charge === confirmed.latest_charge.id, 'the refund names its charge', refund);
  await expectError(stripe.refunds.create({ payment_intent: created.id, amount: 1501 }), Stripe.errors.StripeInvalidRequestError,
    (error) => expect(error.code === 'amount_too_large', 'refund beyond the rest', error.code), 'refund beyond the rest');
  const refundAgain = await stripe.refunds.retrieve(refund.id);
  expect(refundAgain.amount === 1000, 'retrieve the refund', refundAgain);
  const charge = await stripe.charges.retrieve(confirmed.latest_charge.id);
  checkCharge(charge, 'charge after refund');
  expect(charge.amount_refunded === 1000 && charge.refunded === false, 'the charge shows the refund', charge);
  const charges = await stripe.charges.list({ created: { gte: since }, limit: 100 });
  expect(charges.data.some((c) => c.id === charge.id) && charges.data.some((c) => c.payment_intent === declinedId && c.status === 'failed'),
    'charges list every attempt', charges.data.map((c) => [c.id, c.status]));

  const intents = { paid: await view(created.id), direct: await view(direct.id), declined: await view(declinedId) };

  // Events as the provider sends them, signed by the library; then altered copies that must not pass.
  const now = Math.floor(Date.now() / 1000);
  const event = (id, type, object) => JSON.stringify({
    id, object: 'event', api_version: '2026-10-28.endive', created: now, data: { object }, livemode: false,
    pending_webhooks: 1, request: { id: null, idempotency_key: null }, type,
  });
  const succeededPayload = event(`evt_${tag}_paid`, 'payment_intent.succeeded', { ...intents.paid, latest_charge: intents.paid.latest_charge.id });
  const refundedPayload = event(`evt_${tag}_refunded`, 'charge.refunded', charge);
  const failedPayload = event(`evt_${tag}_failed`, 'payment_intent.payment_failed', { ...intents.declined, latest_charge: intents.declined.latest_charge.id });
  const sign = (payload, options = {}) => stripe.webhooks.generateTestHeaderString({ payload, secret, ...options });
  const deliveries = [];
  for (const [name, payload] of [['succeeded', succeededPayload], ['refunded', refundedPayload], ['failed', failedPayload]]) {
    const header = sign(payload);
    // The library accepts what it signed: the signature scheme on both sides is Stripe's.
    stripe.webhooks.constructEvent(payload, header, secret);
    deliveries.push({ name, payload, header, genuine: true });
  }
  const header = sign(succeededPayload);
  const timestamp = Number(/t=(\d+)/.exec(header)[1]);
  deliveries.push(
    { name: 'body changed', payload: succeededPayload.replace('"amount":2500', '"amount":25'), header, genuine: false },
    { name: 'timestamp changed', payload: succeededPayload, header: header.replace(`t=${timestamp}`, `t=${timestamp + 1}`), genuine: false },
    { name: 'another secret', payload: succeededPayload, header: stripe.webhooks.generateTestHeaderString({ payload: succeededPayload, secret: 'whsec_somebody_else' }), genuine: false },
    { name: 'no v1', payload: succeededPayload, header: `t=${timestamp}`, genuine: false },
    { name: 'only a v0 signature', payload: succeededPayload, header: sign(succeededPayload, { scheme: 'v0' }), genuine: false },
    { name: 'signed an hour ago', payload: succeededPayload, header: sign(succeededPayload, { timestamp: now - 3600 }), genuine: false },
  );
  for (const altered of deliveries.filter((d) => !d.genuine)) {
    let accepted = true;
    try { stripe.webhooks.constructEvent(altered.payload, altered.header, secret); } catch (e) { accepted = false; }
    expect(!accepted, `the library itself refuses '${altered.name}'`);
  }

  return {
    ok: true,
    sdk_version: sdkVersion,
    since,
    tag,
    payment_method: card,
    keys: { paid: keyOf('paid'), direct: keyOf('direct'), declined: keyOf('declined') },
    orders: { paid: order(1), direct: order(2), declined: order(3) },
    intents,
    refund,
    charge,
    listed,
    webhook_secret: secret,
    deliveries,
  };
}

try {
  const result = args.retrieve !== undefined
    ? await retrieveOnly(args.retrieve.split(',').filter((id) => id))
    : await contract();
  process.stdout.write(`${JSON.stringify(result)}\n`);
} catch (error) {
  fail(`${error.constructor.name}: ${error.message}${error.raw ? ` ${JSON.stringify(error.raw)}` : ''}\n${error.stack}`);
}
