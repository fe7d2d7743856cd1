import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { Agent, request } from "node:http";
import { DEMO_APP } from "./store/seed.js";
import {
  ADA,
  DEMO_API_KEY,
  authorizeInBrowser,
  issueLegacyToken,
  issueTokensFor,
  pkcePair,
  registerApp,
  requestToken,
  storedListing,
} from "../test/harness/sandbox.js";
import { useSeededSandbox } from "../test/harness/use-sandbox.js";

// The personalization and token endpoints fed random hostile bodies. Every body here is invalid by
// construction (the generators say why), so each must get a 4xx with a JSON {"error": ...} body, never a 5xx, and
// leave the stored state exactly as it was. The per-second limit is lifted so that no answer is a 429.

const sandbox = useSeededSandbox({ perSecond: 1_000_000 });

const ADA_LISTING = 1_000_000_001;
const BODY_LIMIT = 64 * 1024;

// ---- raw HTTP: exact bytes, any content type or none, keep-alive

const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
afterAll(() => keepAlive.destroy());

type Sent = { contentType?: string; body: Buffer };
type Answer = { status: number; contentType: string; text: string };

/** A body over the limit is answered before it is read, and the server then drops the connection: send it alone. */
function send(url: string, headers: Record<string, string>, sent: Sent): Promise<Answer> {
  const tooLarge = sent.body.length > BODY_LIMIT;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: "POST",
        agent: tooLarge ? false : keepAlive,
        headers: {
          ...headers,
          "content-length": String(sent.body.length),
          ...(sent.contentType === undefined ? {} : { "content-type": sent.contentType }),
          ...(tooLarge ? { connection: "close" } : {}),
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () =>
          resolve({
            status: incoming.statusCode ?? 0,
            contentType: String(incoming.headers["content-type"] ?? ""),
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        incoming.on("error", reject);
      },
    );
    outgoing.on("error", (error) =>
      tooLarge && "code" in error && error.code === "EPIPE" ? undefined : reject(error),
    );
    outgoing.end(sent.body);
  });
}

/** Never a 5xx: one of the statuses listed, with a JSON body whose `error` is a string. */
function expectJsonError(answer: Answer, statuses: number[]) {
  expect(statuses).toContain(answer.status);
  expect(answer.contentType).toMatch(/^application\/json/);
  const body = JSON.parse(answer.text) as Record<string, unknown>;
  expect(typeof body.error).toBe("string");
  return body;
}

// ---- building blocks

const json = (value: unknown, contentType = "application/json"): Sent => ({
  contentType,
  body: Buffer.from(JSON.stringify(value), "utf8"),
});
const text = (value: string, contentType = "application/json"): Sent => ({
  contentType,
  body: Buffer.from(value, "utf8"),
});

/** `"key": value` put first into an object's JSON text (JSON.stringify cannot write an own `__proto__` key). */
const withKey = (objectJson: string, key: string, valueJson: string) =>
  `{${JSON.stringify(key)}:${valueJson}${objectJson === "{}" ? "" : ","}${objectJson.slice(1)}`;

const anyJson = fc.jsonValue({ maxDepth: 2 });
const anyJsonBut = (allowed: (value: unknown) => boolean) => anyJson.filter((value) => !allowed(value));
const isObject = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);

/** Deep nesting as JSON text, up to the body limit (arrays) or a fifth of it (objects). */
const deepJson = fc.oneof(
  fc.integer({ min: 50, max: 30_000 }).map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`),
  fc.integer({ min: 50, max: 10_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`),
);

/** Sequences no UTF-8 decoder may accept: stray bytes, an overlong form, a truncated sequence, a surrogate, past U+10FFFF. */
const invalidUtf8 = fc.constantFrom(
  [0xff],
  [0xfe],
  [0x80],
  [0xc0, 0x80],
  [0xe2, 0x82],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
);

const spliceBytes = (body: Buffer, at: number, bytes: readonly number[]) =>
  Buffer.concat([body.subarray(0, at), Buffer.from(bytes), body.subarray(at)]);

const isJsonMediaType = (type: string) => (type.split(";")[0] ?? "").trim().toLowerCase() === "application/json";

// ---- personalization: invalid bodies (docs/marketplace.md §2.1, §4.1, §8; §7.9)

const VALID_QUESTION = {
  question_type: "text_input",
  question_text: "Personalization",
  instructions: "Name to engrave",
  required: true,
  max_allowed_characters: 12,
};
const VALID_BODY = { personalization_questions: [VALID_QUESTION] };
const QUESTION_KEYS = Object.keys(VALID_QUESTION);
const asBody = (question: unknown) => ({ personalization_questions: [question] });
const omit = (key: string) => Object.fromEntries(Object.entries(VALID_QUESTION).filter(([name]) => name !== key));

const brokenInstructions = fc.oneof(
  fc.integer({ min: 257, max: 2_000 }).map((length) => `A${"b".repeat(length - 1)}`),
  fc
    .tuple(fc.constantFrom(" ", "\t", "!", "-", ".", "_", "\u00a0", "\u200b", "😀"), fc.string({ maxLength: 40 }))
    .map(([first, rest]) => `${first}${rest}`),
  fc.string({ maxLength: 40 }).map((rest) => `Write ABC DEF GHI ${rest}`),
  anyJsonBut((value) => typeof value === "string" || value === null),
);

const brokenLimit = fc.oneof(
  fc.integer({ max: 0 }),
  fc.integer({ min: 1_025 }),
  fc.double({ noNaN: true }).filter((value) => !Number.isInteger(value) || value < 1 || value > 1_024),
  anyJsonBut((value) => typeof value === "number"),
);

const brokenQuestion = fc.oneof(
  fc.constantFrom("question_type", "question_text", "required", "max_allowed_characters").map(omit),
  anyJsonBut((value) => value === "text_input").map((value) => ({ ...VALID_QUESTION, question_type: value })),
  anyJsonBut((value) => value === "Personalization").map((value) => ({ ...VALID_QUESTION, question_text: value })),
  anyJsonBut((value) => typeof value === "boolean").map((value) => ({ ...VALID_QUESTION, required: value })),
  brokenInstructions.map((value) => ({ ...VALID_QUESTION, instructions: value })),
  brokenLimit.map((value) => ({ ...VALID_QUESTION, max_allowed_characters: value })),
  fc
    .tuple(
      fc.string({ minLength: 1, maxLength: 20 }).filter((key) => !QUESTION_KEYS.includes(key) && key !== "__proto__"),
      anyJson,
    )
    .map(([key, value]) => ({ ...VALID_QUESTION, [key]: value })),
  anyJsonBut(isObject),
);

const invalidPersonalizationBody: fc.Arbitrary<Sent> = fc.oneof(
  // wrong JSON types at the top, and objects without the required field
  anyJsonBut(isObject).map((value) => json(value)),
  fc
    .dictionary(
      fc.string({ maxLength: 20 }).filter((key) => key !== "personalization_questions" && key !== "__proto__"),
      anyJson,
      { maxKeys: 4 },
    )
    .map((value) => json(value)),
  // personalization_questions of the wrong type or length
  anyJsonBut(Array.isArray).map((value) => json({ personalization_questions: value })),
  fc.constant(json({ personalization_questions: [] })),
  fc.integer({ min: 2, max: 5 }).map((count) => json({ personalization_questions: Array(count).fill(VALID_QUESTION) })),
  // one question, broken in one way
  brokenQuestion.map((question) => json(asBody(question))),
  // extra fields, including keys that name Object.prototype
  fc
    .tuple(
      fc
        .string({ minLength: 1, maxLength: 20 })
        .filter((key) => key !== "personalization_questions" && key !== "__proto__"),
      anyJson,
    )
    .map(([key, value]) => json({ ...VALID_BODY, [key]: value })),
  fc
    .tuple(fc.constantFrom("__proto__", "constructor", "prototype", "toString"), anyJson, fc.boolean())
    .map(([key, value, inQuestion]) =>
      text(
        inQuestion
          ? `{"personalization_questions":[${withKey(JSON.stringify(VALID_QUESTION), key, JSON.stringify(value))}]}`
          : withKey(JSON.stringify(VALID_BODY), key, JSON.stringify(value)),
      ),
    ),
  // huge strings, within the body limit and past it
  fc
    .integer({ min: 257, max: 60_000 })
    .map((length) => json(asBody({ ...VALID_QUESTION, instructions: `A${"b".repeat(length - 1)}` }))),
  fc.integer({ min: 1_000, max: 60_000 }).map((length) => json({ ...VALID_BODY, ["x".repeat(length)]: 1 })),
  fc
    .integer({ min: BODY_LIMIT, max: BODY_LIMIT * 4 })
    .map((length) => json(asBody({ ...VALID_QUESTION, instructions: "a".repeat(length) }))),
  // deep nesting as the body, the array, an extra field or a question field
  fc.tuple(deepJson, fc.constantFrom("body", "questions", "extra", "instructions", "required")).map(([deep, where]) => {
    const question = JSON.stringify(VALID_QUESTION);
    if (where === "body") return text(deep);
    if (where === "questions") return text(`{"personalization_questions":${deep}}`);
    if (where === "extra") return text(withKey(JSON.stringify(VALID_BODY), "nested", deep));
    return text(
      `{"personalization_questions":[${question.replace(where === "instructions" ? '"Name to engrave"' : "true", deep)}]}`,
    );
  }),
  // not JSON at all
  fc
    .integer({ min: 0, max: JSON.stringify(VALID_BODY).length - 1 })
    .map((length) => text(JSON.stringify(VALID_BODY).slice(0, length))),
  fc
    .constantFrom(
      "",
      " ",
      "{'personalization_questions': []}",
      "NaN",
      "{,}",
      `${JSON.stringify(VALID_BODY)}}`,
      `${JSON.stringify(VALID_BODY)} x`,
      "/* */ {}",
    )
    .map((value) => text(value)),
);

/** A valid body under a content type that is not application/json, or none. */
const validBodyUnderBadType: fc.Arbitrary<Sent> = fc
  .oneof(
    fc.constantFrom(
      undefined,
      "",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
      "application/jsonp",
      "application/json-patch+json",
      "application/vnd.api+json",
      "text/json",
      "json",
      "*/*",
    ),
    fc.stringMatching(/^[\x21-\x7e][\x20-\x7e]{0,39}$/),
  )
  .filter((type) => type === undefined || !isJsonMediaType(type))
  .map((contentType) => ({ ...json(VALID_BODY), contentType }));

/** A body with bytes that are not UTF-8, anywhere: between tokens, or inside a string of an otherwise valid body. */
const notUtf8PersonalizationBody: fc.Arbitrary<Sent> = fc
  .tuple(
    fc.oneof(
      fc.constant(json(VALID_BODY)),
      invalidPersonalizationBody.filter((sent) => sent.body.length < 2_000),
    ),
    fc.nat(),
    invalidUtf8,
  )
  .map(([sent, at, bytes]) => ({
    ...sent,
    body: spliceBytes(sent.body, at % (sent.body.length + 1), bytes),
  }));

/** 1,600 bodies are 3,200 requests: about 9 s on a quiet machine, past vitest's 20 s when five other suites share the cores. */
const SLOW_PROPERTY_MS = 120_000;

describe("updateListingPersonalization fed random invalid bodies", () => {
  const url = () => `${sandbox.url}/v3/application/shops/${ADA.shop_id}/listings/${ADA_LISTING}/personalization`;

  async function checkRefused(
    sentBodies: fc.Arbitrary<Sent>,
    numRuns: number,
    statuses: number[],
    check: (body: Record<string, unknown>, answer: Answer) => void = () => {},
  ) {
    const { access_token: token } = await issueTokensFor(sandbox.url, {
      user_id: ADA.user_id,
      scopes: ["listings_r", "listings_w"],
    });
    const headers = { "x-api-key": DEMO_API_KEY, authorization: `Bearer ${token}` };
    // Each body is judged against the listing as the previous one left it, so that after a write slips through,
    // fast-check's shrinking still finds the smallest body that writes, not any body at all.
    let stored = await storedListing(sandbox.url, ADA_LISTING);
    await fc.assert(
      fc.asyncProperty(sentBodies, async (sent) => {
        const answer = await send(url(), headers, sent);
        const [before, after] = [stored, await storedListing(sandbox.url, ADA_LISTING)];
        stored = after;
        check(expectJsonError(answer, statuses), answer);
        expect(after).toEqual(before);
      }),
      { numRuns },
    );
  }

  it(
    "answers 1,600 malformed JSON bodies (wrong types, missing and extra fields, __proto__ keys, huge strings, deep nesting) with 400 naming a field, or 413, and stores nothing",
    async () => {
      await checkRefused(invalidPersonalizationBody, 1_600, [400, 413], (body, answer) => {
        if (answer.status === 413) expect(body).toEqual({ error: "Request body is larger than 64 KB." });
        else expect(body.error).toMatch(/^(body|personalization_questions(\[\d+\])?(\.[a-z_]+)?): \S/);
      });
    },
    SLOW_PROPERTY_MS,
  );

  it("answers 200 valid bodies under a content type other than application/json (or none) with 415, and stores nothing", async () => {
    await checkRefused(validBodyUnderBadType, 200, [415], (body) =>
      expect(body).toEqual({ error: "Content-Type must be application/json." }),
    );
  });

  it("answers 200 bodies holding bytes that are not UTF-8 (RFC 8259 8.1) with 400, and stores nothing", async () => {
    await checkRefused(notUtf8PersonalizationBody, 200, [400], (body) =>
      expect(body.error).toMatch(/^(body|personalization_questions(\[\d+\])?(\.[a-z_]+)?): \S/),
    );
  });

  it("still stores a valid body afterwards, so the refusals above were not a broken endpoint", async () => {
    const { access_token: token } = await issueTokensFor(sandbox.url, { user_id: ADA.user_id, scopes: ["listings_w"] });
    const answer = await send(url(), { "x-api-key": DEMO_API_KEY, authorization: `Bearer ${token}` }, json(VALID_BODY));
    expect(answer.status).toBe(201);
    expect((await storedListing(sandbox.url, ADA_LISTING)).personalization.personalization_questions).toMatchObject([
      { instructions: "Name to engrave", max_allowed_characters: 12 },
    ]);
  });
});

// ---- token endpoint: requests that can never be granted (docs/marketplace.md §4.4; §7.8)

const RFC6749_ERRORS = [
  "invalid_request",
  "invalid_client",
  "invalid_grant",
  "unauthorized_client",
  "unsupported_grant_type",
  "invalid_scope",
];

/**
 * Real credentials exist, but all of another app's ("the owner"): a code with its verifier's wrong twin, a refresh
 * token and a legacy token. No generated client_id is the owner's, so no body here can be granted.
 */
async function ownerCredentials() {
  const owner = await registerApp(sandbox.url, {
    name: "Owner of the real credentials",
    redirect_uris: ["https://www.example.com/cb"],
  });
  const pkce = pkcePair();
  const { redirect } = await authorizeInBrowser(sandbox.url, {
    pkce,
    params: { client_id: owner.keystring, redirect_uri: "https://www.example.com/cb" },
  });
  const tokens = await issueTokensFor(sandbox.url, {
    keystring: owner.keystring,
    user_id: ADA.user_id,
    scopes: ["listings_r"],
  });
  const legacy = await issueLegacyToken(sandbox.url, {
    keystring: owner.keystring,
    user_id: ADA.user_id,
    scopes: ["listings_r"],
  });
  return { owner, pkce, code: redirect.searchParams.get("code") ?? "", refreshToken: tokens.refresh_token, legacy };
}

type Credentials = Awaited<ReturnType<typeof ownerCredentials>>;

function tokenBodies(real: Credentials): {
  refused: fc.Arbitrary<Sent>;
  underBadType: fc.Arbitrary<Sent>;
  notUtf8: fc.Arbitrary<Sent>;
} {
  const huge = fc.integer({ min: 1_000, max: 60_000 }).map((length) => "x".repeat(length));
  const maybe = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: undefined });
  const params = fc.record({
    grant_type: maybe(
      fc.oneof(
        fc.constantFrom(
          "authorization_code",
          "refresh_token",
          "token_exchange",
          "client_credentials",
          "password",
          "AUTHORIZATION_CODE",
          "__proto__",
          "constructor",
          "toString",
          "",
        ),
        fc.string(),
      ),
    ),
    client_id: maybe(fc.oneof(fc.constant(DEMO_APP.keystring), fc.constant(""), fc.string(), huge)),
    code: maybe(fc.oneof(fc.constant(real.code), fc.string(), huge)),
    code_verifier: maybe(
      fc.oneof(fc.constant(real.pkce.verifier), fc.constant(pkcePair().verifier), fc.string(), huge),
    ),
    redirect_uri: maybe(fc.oneof(fc.constant("https://www.example.com/cb"), fc.string())),
    refresh_token: maybe(fc.oneof(fc.constant(real.refreshToken), fc.string(), huge)),
    legacy_token: maybe(fc.oneof(fc.constant(real.legacy), fc.string())),
  });
  const defined = (record: Record<string, string | undefined>) =>
    Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const extras = fc.dictionary(
    fc.string({ minLength: 1, maxLength: 20 }).filter((key) => key !== "__proto__"),
    fc.string({ maxLength: 30 }),
    { maxKeys: 3 },
  );
  const form = (
    fields: Record<string, string>,
    contentType: string | undefined = "application/x-www-form-urlencoded",
  ): Sent => ({ contentType, body: Buffer.from(new URLSearchParams(fields).toString(), "utf8") });

  const refused: fc.Arbitrary<Sent> = fc.oneof(
    // well-formed form and JSON bodies of any parameter mix, with extra fields
    fc.tuple(params, extras).map(([fields, extra]) => form({ ...extra, ...defined(fields) })),
    fc.tuple(params, extras).map(([fields, extra]) => form({ ...extra, ...defined(fields) }, undefined)),
    fc.tuple(params, extras).map(([fields, extra]) => json({ ...extra, ...defined(fields) })),
    // the same parameters twice in a form, the first one an owner's credential
    params.map((fields) => ({
      contentType: "application/x-www-form-urlencoded",
      body: Buffer.from(
        `refresh_token=${encodeURIComponent(real.refreshToken)}&${new URLSearchParams(defined(fields))}`,
        "utf8",
      ),
    })),
    // JSON values of the wrong type for every parameter, and wrong types at the top
    fc
      .dictionary(
        fc.constantFrom("grant_type", "client_id", "code", "code_verifier", "refresh_token", "legacy_token"),
        anyJsonBut((value) => typeof value === "string"),
        { minKeys: 1 },
      )
      .map((value) => json(value)),
    anyJsonBut(isObject).map((value) => json(value)),
    // __proto__ and friends as keys, in JSON and in forms
    fc
      .tuple(fc.constantFrom("__proto__", "constructor", "hasOwnProperty"), params, anyJson)
      .map(([key, fields, value]) => text(withKey(JSON.stringify(defined(fields)), key, JSON.stringify(value)))),
    fc
      .tuple(fc.constantFrom("__proto__", "constructor", "hasOwnProperty"), params)
      .map(([key, fields]) => form({ ...defined(fields), [key]: "refresh_token" })),
    // deep nesting, huge bodies, and what is not JSON or a form at all
    deepJson.map((deep) => text(deep)),
    deepJson.map((deep) => text(`{"grant_type":"refresh_token","client_id":${deep}}`)),
    fc
      .integer({ min: BODY_LIMIT, max: BODY_LIMIT * 4 })
      .map((length) =>
        form({ grant_type: "refresh_token", client_id: DEMO_APP.keystring, refresh_token: "x".repeat(length) }),
      ),
    fc
      .constantFrom("", "{", "grant_type", "=&=&", "%", "%ZZ=%GG", "{'grant_type':'refresh_token'}", "null")
      .map((value) => text(value)),
  );

  const underBadType: fc.Arbitrary<Sent> = fc
    .tuple(
      fc.oneof(
        fc.constantFrom(
          "text/plain",
          "multipart/form-data; boundary=x",
          "application/xml",
          "application/jwt",
          "text/html",
        ),
        fc.stringMatching(/^[\x21-\x7e][\x20-\x7e]{0,39}$/),
      ),
      params,
    )
    .filter(([type]) => !isJsonMediaType(type) && !/^application\/x-www-form-urlencoded/i.test(type.trim()))
    .map(([contentType, fields]) => form(defined(fields), contentType));

  const notUtf8: fc.Arbitrary<Sent> = fc
    .tuple(
      fc.oneof(
        refused.filter((sent) => sent.body.length < 2_000),
        params.map((fields) => form(defined(fields))),
      ),
      fc.nat(),
      invalidUtf8,
    )
    .map(([sent, at, bytes]) => ({
      ...sent,
      body: spliceBytes(sent.body, at % (sent.body.length + 1), bytes),
    }));

  return { refused, underBadType, notUtf8 };
}

describe("POST /v3/public/oauth/token fed random requests that can never be granted", () => {
  /** The tokens and codes the sandbox holds: no body below may add, spend or revoke one. */
  const grants = () => ({
    tokens: sandbox.state.db.prepare("SELECT token_hash, revoked FROM tokens ORDER BY token_hash").all(),
    codes: sandbox.state.db.prepare("SELECT code_hash, used_at FROM codes ORDER BY code_hash").all(),
  });

  async function checkRefused(pick: (bodies: ReturnType<typeof tokenBodies>) => fc.Arbitrary<Sent>, numRuns: number) {
    const real = await ownerCredentials();
    const before = grants();
    await fc.assert(
      fc.asyncProperty(pick(tokenBodies(real)), async (sent) => {
        const answer = await send(`${sandbox.url}/v3/public/oauth/token`, {}, sent);
        const body = expectJsonError(answer, [400, 413]);
        if (answer.status === 400) {
          expect(RFC6749_ERRORS).toContain(body.error);
          expect(typeof body.error_description).toBe("string");
        }
        expect(grants()).toEqual(before);
      }),
      { numRuns },
    );
    // Nothing was spent: the owner's code and refresh token still work for the owner.
    expect(
      (
        await requestToken(sandbox.url, {
          grant_type: "authorization_code",
          client_id: real.owner.keystring,
          code: real.code,
          code_verifier: real.pkce.verifier,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await requestToken(sandbox.url, {
          grant_type: "refresh_token",
          client_id: real.owner.keystring,
          refresh_token: real.refreshToken,
        })
      ).status,
    ).toBe(200);
  }

  it(
    "answers 1,600 bodies (any parameter mix, extra and repeated fields, wrong JSON types, __proto__ keys, deep nesting, huge and broken bodies) with an RFC 6749 error or 413, and issues nothing",
    async () => {
      await checkRefused((bodies) => bodies.refused, 1_600);
    },
    SLOW_PROPERTY_MS,
  );

  it("answers 200 form bodies under a content type that is neither a form nor JSON with invalid_request, and issues nothing", async () => {
    await checkRefused((bodies) => bodies.underBadType, 200);
  });

  it("answers 200 bodies holding bytes that are not UTF-8 with an RFC 6749 error, and issues nothing", async () => {
    await checkRefused((bodies) => bodies.notUtf8, 200);
  });
});
