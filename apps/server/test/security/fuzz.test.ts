/**
 * A fuzz suite drawn from the OpenAPI description (decision 0031): every operation, called by the
 * kinds of caller it admits (a customer, a customer still onboarding, staff with every
 * permission) and signed out, with input its schema refuses: wrong types, missing required
 * fields, huge strings, unknown fields, bodies that are not objects, bad path and query
 * parameters, bad Idempotency-Keys, uploads that are not uploads. Two rules hold for every case:
 * never a 5xx, and an answer of 400-499 leaves the database as it was (every table's rows, by a
 * digest of their contents, compared before and after).
 *
 * Bounded and deterministic: fast-check draws a fixed number of cases per operation and caller
 * from a fixed seed (FC_SEED explores others), so a run does the same work on either engine.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCustomerAccount } from '../../src/ledger/index.js';
import { CUSTOMER_PASSWORD, TEST_PIN, createPin, signedInCustomer } from '../helpers/customers.js';
import { TestClient } from '../helpers/http.js';
import { useTestApp } from '../helpers/suite.js';
import {
  authenticatorCode,
  createStaff,
  rememberAuthenticator,
  signInStaff,
} from '../helpers/staff.js';

const suite = useTestApp();

/** Cases drawn per operation for a caller it admits, and for a caller it refuses. */
const CASES_ADMITTED = 8;
const CASES_REFUSED = 2;
/** The operations are fuzzed in this many tests (every PARTS-th operation in each). */
const PARTS = 6;
const totals = { fuzzed: new Set<string>(), cases: 0, statuses: {} as Record<number, number> };

type Json = Record<string, unknown>;
interface Schema {
  type?: string | string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
  pattern?: string;
  format?: string;
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  route: string;
  parameters: Parameter[];
  body?: Schema;
  multipart: boolean;
}

/** One request the fuzzer sends. */
interface Case {
  what: string;
  url: string;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

let components: Record<string, Schema> = {};
function resolve(schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let depth = 0; s.$ref && depth < 10; depth++) {
    s = components[s.$ref.replace('#/components/schemas/', '')] ?? {};
  }
  if (s.allOf?.length === 1) return resolve(s.allOf[0]);
  return s;
}

function typeOf(schema: Schema): string | undefined {
  const s = resolve(schema);
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  if (s.type) return s.type;
  const first = s.anyOf?.[0] ?? s.oneOf?.[0];
  return first ? typeOf(first) : undefined;
}

/** A value of the schema's type (not necessarily one its rules accept): the base a case breaks. */
function plausible(schema: Schema, depth = 0): unknown {
  const s = resolve(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  switch (typeOf(s)) {
    case 'object': {
      if (depth > 4) return {};
      const out: Json = {};
      for (const [name, prop] of Object.entries(resolve(s).properties ?? {})) {
        out[name] = plausible(prop, depth + 1);
      }
      return out;
    }
    case 'array':
      return s.items && depth < 4 ? [plausible(s.items, depth + 1)] : [];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'string':
      return s.format === 'date' ? '2026-01-01' : 'a';
    default:
      return 'a';
  }
}

/**
 * A value the schema itself would accept, where fast-check can draw one (a string matching its
 * pattern, a number in its range, an enum's member): the base a case breaks in one place, so
 * that a refusal comes from that place, and an unknown field rides on a request that is
 * otherwise whole. Falls back to `plausible` where it cannot.
 */
function validArbitrary(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const choices = s.anyOf ?? s.oneOf;
  if (choices?.length && !s.type) {
    return fc.oneof(...choices.map((c) => validArbitrary(c, depth + 1)));
  }
  switch (typeOf(s)) {
    case 'object': {
      if (depth > 4) return fc.constant({});
      const props = resolve(s).properties ?? {};
      const required = new Set(s.required ?? []);
      return fc.record(
        Object.fromEntries(
          Object.entries(props).map(([name, prop]) => [name, validArbitrary(prop, depth + 1)]),
        ),
        { requiredKeys: Object.keys(props).filter((name) => required.has(name)) },
      );
    }
    case 'array':
      return s.items && depth < 4
        ? fc.array(validArbitrary(s.items, depth + 1), {
            minLength: s.minItems ?? 0,
            maxLength: Math.min(s.maxItems ?? 3, 3),
          })
        : fc.constant([]);
    case 'integer':
      return fc.integer({
        min: Math.max(s.minimum ?? 0, -1e9),
        max: Math.min(s.maximum ?? 1000, 1e9),
      });
    case 'number':
      return fc.integer({
        min: Math.max(s.minimum ?? 0, -1e9),
        max: Math.min(s.maximum ?? 1000, 1e9),
      });
    case 'boolean':
      return fc.boolean();
    case 'string': {
      if (s.format === 'email') return fc.constant('fuzz.someone@example.com');
      if (s.format === 'date') return fc.constant('2026-01-01');
      if (s.format === 'date-time') return fc.constant('2026-01-01T00:00:00.000Z');
      const min = s.minLength ?? 0;
      const max = Math.min(s.maxLength ?? 24, Math.max(min, 24));
      if (s.pattern) {
        try {
          return fc
            .stringMatching(new RegExp(s.pattern))
            .filter((v) => v.length >= min && v.length <= (s.maxLength ?? Infinity));
        } catch {
          return fc.constant(plausible(s));
        }
      }
      return fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: max });
    }
    default:
      return fc.constant(plausible(s));
  }
}

/** One base drawn for an operation (the same on every run: a fixed seed). */
function validBase(schema: Schema | undefined, seed: number): unknown {
  if (!schema) return undefined;
  try {
    return fc.sample(validArbitrary(schema), { seed, numRuns: 1 })[0];
  } catch {
    return plausible(schema);
  }
}

/** A value of another type than the schema's. */
const wrongValue = (schema: Schema) =>
  fc
    .constantFrom<unknown>(
      null,
      12345,
      -1,
      1.5,
      true,
      'text',
      '',
      [],
      ['a', 1],
      {},
      { nested: { deeper: [1] } },
      1e308,
      '9'.repeat(40),
    )
    .filter((v) => {
      const t = typeOf(schema);
      return !(
        (t === 'string' && typeof v === 'string') ||
        ((t === 'integer' || t === 'number') && typeof v === 'number') ||
        (t === 'boolean' && typeof v === 'boolean') ||
        (t === 'array' && Array.isArray(v)) ||
        (t === 'object' && v !== null && typeof v === 'object' && !Array.isArray(v))
      );
    });

const hugeString = fc.constantFrom('x'.repeat(5_000), 'é'.repeat(30_000), '9'.repeat(2_000));
const oddText = fc.constantFrom(
  '\u0000',
  '\ud800',
  '../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '%00',
  ' ',
  '٣٤٥',
  '1e3',
  '-0',
  '0x10',
  'NaN',
);
const unknownFields = fc.constantFrom<Json>(
  { isAdmin: true },
  { role: 'admin', status: 'approved' },
  { balance: '100000000' },
  { userId: '1' },
  { __proto__: { polluted: true } } as Json,
  { constructor: { prototype: { polluted: true } } },
);

/** Path parameter values no route should take (as URL text, encoded where needed). */
const badPathValue = fc.constantFrom(
  '0',
  '-1',
  'abc',
  '1.5',
  '99999999999999999999',
  '9223372036854775808',
  '%20',
  '%00',
  '%E2%80%AE1',
  '1%3B',
  'x'.repeat(300),
  '%C0%AF',
  'null',
);

/** A valid-looking parameter that names nothing: the largest bigint, a harmless word. */
function plausibleParam(name: string, schema: Schema | undefined): string {
  const s = resolve(schema);
  if (s.enum?.length) return String(s.enum[0]);
  if (name === 'id') return '9223372036854775807';
  if (name === 'reference') return 'ABCDEFGHJKMNPQRSTVWX';
  return 'photo';
}

function urlFor(op: Operation, override?: { name: string; value: string }, query = ''): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    override?.name === name
      ? override.value
      : encodeURIComponent(
          plausibleParam(name, op.parameters.find((p) => p.name === name)?.schema),
        ),
  );
  return query ? `${path}?${query}` : path;
}

/** Query text as a browser would send it; a lone surrogate, which has no UTF-8, as its raw bytes. */
function encodeQuery(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** The cases for one operation: each a different way of breaking its input. */
function caseArbitrary(op: Operation, seed: number): fc.Arbitrary<Case> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const body = op.body ? resolve(op.body) : undefined;
  const base = validBase(body, seed);
  const props = Object.keys(body?.properties ?? {});
  const required = body?.required ?? [];
  const sends = op.method !== 'GET';
  const kinds: fc.Arbitrary<Case>[] = [];

  if (pathParams.length > 0) {
    kinds.push(
      fc
        .tuple(fc.constantFrom(...pathParams.map((p) => p.name)), badPathValue)
        .map(([name, value]) => ({
          what: `path ${name}=${value.slice(0, 20)}`,
          url: urlFor(op, { name, value }),
          ...(sends ? { body: base ?? {} } : {}),
        })),
    );
  }
  if (queryParams.length > 0) {
    kinds.push(
      fc
        .tuple(
          fc.constantFrom(...queryParams.map((p) => p.name)),
          fc.oneof(
            oddText,
            hugeString.map((s) => s.slice(0, 3000)),
            fc.constantFrom('-5', '0', '1e99', 'true', '[]', 'a,b'),
          ),
          fc.boolean(),
        )
        .map(([name, value, twice]) => {
          const one = `${encodeURIComponent(name)}=${encodeQuery(value)}`;
          return {
            what: `query ${name}`,
            url: urlFor(op, undefined, twice ? `${one}&${one}` : one),
          };
        }),
    );
  }
  if (sends) {
    kinds.push(
      fc.constantFrom<unknown>(null, [], [base ?? {}], 'text', 42, true).map((value) => ({
        what: `body ${JSON.stringify(value)?.slice(0, 20)}`,
        url: urlFor(op),
        body: value,
      })),
      fc.constantFrom('{', '{"a":', '[1,2', '\u0000', '{"a":1}}', '"\\ud800"').map((raw) => ({
        what: `broken JSON ${raw}`,
        url: urlFor(op),
        rawBody: raw,
        contentType: 'application/json',
      })),
      unknownFields.map((extra) => ({
        what: 'unknown fields',
        url: urlFor(op),
        body: { ...((base as Json | undefined) ?? {}), ...extra },
      })),
      fc
        .constantFrom(
          'short',
          'x'.repeat(101),
          'two words',
          '\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9',
        )
        .map((key) => ({
          what: `idempotency-key ${key.slice(0, 12)}`,
          url: urlFor(op),
          body: { ...((base as Json | undefined) ?? {}), unexpected: 'x'.repeat(10) },
          headers: { 'idempotency-key': key },
        })),
    );
  }
  if (props.length > 0) {
    kinds.push(
      fc.constantFrom(...props).chain((name) =>
        fc.oneof(wrongValue(body?.properties?.[name] ?? {}), hugeString, oddText).map((value) => ({
          what: `${name} = ${JSON.stringify(value).slice(0, 20)}`,
          url: urlFor(op),
          body: { ...(base as Json), [name]: value },
        })),
      ),
    );
  }
  if (required.length > 0) {
    kinds.push(
      fc.subarray(required, { minLength: 1 }).map((drop) => ({
        what: `missing ${drop.join(',')}`,
        url: urlFor(op),
        body: Object.fromEntries(Object.entries(base as Json).filter(([k]) => !drop.includes(k))),
      })),
    );
  }
  if (op.multipart) {
    kinds.push(
      fc
        .constantFrom(
          '--b\r\nContent-Disposition: form-data; name="amount"\r\n\r\n1',
          '--b\r\nContent-Disposition: form-data; name="type"\r\n\r\nx\r\n--b--\r\n',
          '--b\r\nContent-Disposition: form-data; name="x"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n--b--\r\n',
          'no boundary at all',
        )
        .map((raw) => ({
          what: `multipart ${raw.slice(0, 30)}`,
          url: urlFor(op),
          rawBody: raw,
          contentType: 'multipart/form-data; boundary=b',
        })),
    );
  }
  if (kinds.length === 0) {
    kinds.push(
      fc.constantFrom('x=1', 'limit=-1', 'cursor=%00').map((q) => ({
        what: `stray query ${q}`,
        url: urlFor(op, undefined, q),
      })),
    );
  }
  return fc.oneof(...kinds);
}

/**
 * Every table's row count and a digest of its rows, in one statement. Taken only when the next
 * transaction id moved since the last one (a read-only request assigns none): on PGlite, where
 * this database is the only one, that spares the digest after almost every refusal; on
 * PostgreSQL, whose ids are shared with the other suites' databases, it is taken every time.
 */
let digestSql = '';
let last: { xmax: string; digest: Record<string, string> } | undefined;
async function snapshot(): Promise<Record<string, string>> {
  const db = suite.database.db;
  const { rows } = await sql<{ xmax: string }>`
    select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`.execute(db);
  const xmax = rows[0]?.xmax ?? '';
  if (last?.xmax === xmax) return last.digest;
  const result = await sql.raw<Record<string, string>>(digestSql).execute(db);
  last = { xmax, digest: result.rows[0] ?? {} };
  return last.digest;
}

/**
 * Tables whose rows a request may touch whatever it answers, compared by count only: a session's
 * last use is written on every request made with it.
 */
const COUNT_ONLY = new Set(['sessions']);
/**
 * A refusal may leave one thing: a security event in the audit log (a wrong password or PIN is
 * counted and recorded by design, decision 16). Every other audit row, and every other table, is
 * compared whole.
 */
const NOT_SECURITY = "action not like 'security.%'";
/**
 * Nor the notice a counted refusal ends with: the fifth wrong password in an hour pauses the
 * checks and tells the person, in the app and by email (decision 16). Every route that asks for
 * the password again counts toward it, so some case of the run is the fifth.
 */
const PAUSE_NOTICE = 'Wrong passwords entered';
const TOLD: Record<string, string> = {
  notifications: `kind <> 'security.password_checks_paused'`,
  jobs: `coalesce(payload->>'subject', '') <> '${PAUSE_NOTICE}'`,
};
/**
 * And a wrong secret counted where the limit on tries is kept: a wrong authenticator code moves
 * the staff member's count of failures (decision 11), or the customer's at their second step
 * (decision 33). The rows' other columns are compared.
 */
const COMPARED_COLUMNS: Record<string, string> = {
  staff_second_factors: 'user_id, secret_sealed, enrolled_at, last_time_step, created_at',
  // The same for a customer's second step (decision 33).
  signin_second_factors: 'user_id, method, enabled_at',
};

async function buildDigest() {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
    order by table_name`.execute(suite.database.db);
  const parts = tables.rows.map(({ name }) =>
    COUNT_ONLY.has(name)
      ? `(select count(*)::text from "${name}") as "${name}"`
      : COMPARED_COLUMNS[name]
        ? `(select count(*)::text || ':' || coalesce(sum(hashtextextended(row(${COMPARED_COLUMNS[name]})::text, 0)), 0)::text from "${name}") as "${name}"`
        : name === 'audit_log'
          ? `(select count(*)::text || ':' || coalesce(sum(hashtextextended(t::text, 0)), 0)::text from audit_log t where ${NOT_SECURITY}) as audit_log`
          : TOLD[name]
            ? `(select count(*)::text || ':' || coalesce(sum(hashtextextended(t::text, 0)), 0)::text from "${name}" t where ${TOLD[name]}) as "${name}"`
            : `(select count(*)::text || ':' || coalesce(sum(hashtextextended(t::text, 0)), 0)::text from "${name}" t) as "${name}"`,
  );
  digestSql = `select ${parts.join(', ')}`;
  return tables.rows.length;
}

function operations(): Operation[] {
  const spec = suite.app.swagger() as unknown as {
    paths: Record<string, Record<string, Json>>;
    components?: { schemas?: Record<string, Schema> };
  };
  components = spec.components?.schemas ?? {};
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const content = (raw.requestBody as { content?: Record<string, { schema?: Schema }> })
        ?.content;
      const consumes = Object.keys(content ?? {});
      ops.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        route: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
        parameters: (raw.parameters as Parameter[] | undefined) ?? [],
        ...(content?.['application/json']?.schema
          ? { body: content['application/json'].schema }
          : {}),
        multipart:
          consumes.includes('multipart/form-data') || /multipart/.test(String(raw.summary ?? '')),
      });
    }
  }
  return ops;
}

interface Caller {
  name: string;
  client: TestClient;
  admitted: (op: Operation) => boolean;
}
const callers: Caller[] = [];
let tableCount = 0;

beforeAll(async () => {
  const { app, database } = suite;
  const customer = await signedInCustomer(app, database, { kycStatus: 'approved' });
  await openCustomerAccount(database.db, {
    ownerId: customer.userId,
    kind: 'customer_current',
    currency: 'USD',
    name: 'Dorothy Vaughan',
  });
  await createPin(customer.client, TEST_PIN);
  const onboarding = await signedInCustomer(app, database, { kycStatus: 'not_verified' });
  const credentials = { email: 'fuzz.admin@bank.example', password: 'quartz meadow lantern sail' };
  await createStaff(database, credentials, 'admin');
  const staff = await signInStaff(app, credentials);
  const second = { email: 'fuzz.pending@bank.example', password: 'quartz meadow lantern sail' };
  await createStaff(database, second, 'admin');
  const pending = new TestClient(app);
  expect((await pending.post('/api/v1/auth/signin', second)).statusCode).toBe(200);
  // A customer with two-step sign-in on, between the password and the second step.
  const twoStep = await signedInCustomer(app, database, { kycStatus: 'approved' });
  const setup = await twoStep.client.post('/api/v1/settings/second-factor/authenticator/setup');
  rememberAuthenticator(twoStep.email, (setup.json() as { secret: string }).secret);
  const on = await twoStep.client.post('/api/v1/settings/second-factor/authenticator', {
    code: await authenticatorCode(twoStep.email),
  });
  expect(on.statusCode, on.body).toBe(200);
  const halfway = new TestClient(app);
  const signin = await halfway.post('/api/v1/auth/signin', {
    email: twoStep.email,
    password: CUSTOMER_PASSWORD,
  });
  expect(signin.json()).toMatchObject({ next: 'second_factor' });
  const access = (op: Operation) => app.routeAccess.get(op.route);
  callers.push(
    {
      name: 'customer before their second factor',
      client: halfway,
      admitted: (op) => {
        const a = access(op);
        return a !== undefined && 'session' in a && a.session.includes('second_factor');
      },
    },
    {
      name: 'signed out',
      client: new TestClient(app),
      admitted: (op) => {
        const a = access(op);
        return a !== undefined && 'public' in a;
      },
    },
    {
      name: 'customer',
      client: customer.client,
      admitted: (op) => {
        const a = access(op);
        return a !== undefined && 'session' in a && a.session.includes('customer');
      },
    },
    {
      name: 'onboarding customer',
      client: onboarding.client,
      admitted: (op) => {
        const a = access(op);
        return a !== undefined && 'session' in a && a.session.includes('onboarding');
      },
    },
    {
      name: 'staff before their second factor',
      client: pending,
      admitted: (op) => {
        const a = access(op);
        return a !== undefined && 'session' in a && a.session.includes('mfa_pending');
      },
    },
    {
      name: 'staff',
      client: staff,
      admitted: (op) => {
        const a = access(op);
        return (
          a !== undefined && ('permission' in a || ('session' in a && a.session.includes('staff')))
        );
      },
    },
  );
  tableCount = await buildDigest();
});

afterAll(() => {
  callers.length = 0;
});

async function send(client: TestClient, op: Operation, c: Case) {
  const headers: Record<string, string> = {
    'user-agent': client.userAgent,
    ...(op.method !== 'GET' ? { 'x-bank-csrf': '1' } : {}),
    ...(client.cookie ? { cookie: client.cookie } : {}),
    ...(c.contentType ? { 'content-type': c.contentType } : {}),
    ...c.headers,
  };
  if (/\/stream$/.test(op.path)) {
    const res = await suite.app.inject({
      method: 'GET',
      url: c.url,
      headers,
      payloadAsStream: true,
    });
    const status = res.statusCode;
    res.stream().destroy();
    return { statusCode: status, body: '', headers: res.headers };
  }
  return suite.app.inject({
    method: op.method,
    url: c.url,
    headers,
    ...(c.rawBody !== undefined
      ? { payload: c.rawBody }
      : c.body !== undefined
        ? {
            payload: JSON.stringify(c.body),
            headers: { ...headers, 'content-type': 'application/json' },
          }
        : {}),
  });
}

describe('the API under input its description refuses', () => {
  it('has a digest that sees a refusal that writes (a wrong password is counted)', async () => {
    const before = await snapshot();
    const res = await new TestClient(suite.app).post('/api/v1/auth/signin', {
      email: 'fuzz.admin@bank.example',
      password: 'not the password at all',
    });
    expect(res.statusCode).toBe(401);
    const after = await snapshot();
    expect(Object.keys(after).filter((t) => after[t] !== before[t])).toContain('signin_attempts');
  });

  // The operations in a few parts, each a test of its own: one part is a few seconds, well
  // inside a test's time limit on a busy machine running other suites beside it.
  it.each(Array.from({ length: PARTS }, (_, part) => part))(
    'part %i: never answers 5xx, and writes nothing when it answers 4xx',
    async (part) => {
      const ops = operations();
      const failures: string[] = [];
      let before = await snapshot();
      for (const [index, op] of ops.entries()) {
        if (index % PARTS !== part) continue;
        const admittedBy = callers.filter((c) => c.admitted(op));
        if (admittedBy.length === 0) continue;
        const isPublic = admittedBy.some((c) => c.name === 'signed out');
        totals.fuzzed.add(op.route);
        const plan: { caller: Caller; runs: number }[] = [
          ...admittedBy.map((caller) => ({ caller, runs: CASES_ADMITTED })),
          // Signed out at a route that needs a session, a customer at a staff route (a public
          // route is the signed-out caller's alone: a session there would sign itself out).
          ...callers
            .filter(
              (c) =>
                !isPublic && !c.admitted(op) && (c.name === 'signed out' || c.name === 'customer'),
            )
            .map((caller) => ({ caller, runs: CASES_REFUSED })),
        ];
        for (const [n, { caller, runs }] of plan.entries()) {
          const drawn = fc.sample(caseArbitrary(op, 20_261_127 + index), {
            seed: 20_261_127 + index * 7 + n,
            numRuns: runs,
          });
          for (const c of drawn) {
            totals.cases += 1;
            const res = await send(caller.client, op, c);
            totals.statuses[res.statusCode] = (totals.statuses[res.statusCode] ?? 0) + 1;
            const where = `${op.route} as ${caller.name}, ${c.what}`;
            if (res.statusCode >= 500) {
              failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
            }
            const after = await snapshot();
            if (res.statusCode >= 400 && res.statusCode < 500) {
              const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
              if (changed.length > 0) {
                failures.push(`${where}: ${res.statusCode} wrote to ${changed.join(', ')}`);
              }
              if (!String(res.headers['content-type']).startsWith('application/problem+json')) {
                failures.push(`${where}: ${res.statusCode} not problem+json`);
              }
            }
            before = after;
          }
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it('fuzzed every operation of the description', async ({ annotate }) => {
    const ops = operations();
    await annotate(
      `fuzz: ${totals.fuzzed.size} of ${ops.length} operations, ${totals.cases} cases, ${tableCount} tables compared; answers ${JSON.stringify(totals.statuses)}`,
    );
    expect([...totals.fuzzed].sort()).toEqual(ops.map((op) => op.route).sort());
  });
});
