import { describe, expect, it } from "vitest";
import { ACTION_BODY_LIMIT, actionBodyProblem, foreignOrigin } from "./action-request";

const post = (body: BodyInit, type = "text/plain;charset=UTF-8", headers: Record<string, string> = {}) =>
  new Request("http://localhost:3000/listings/1", {
    method: "POST",
    body,
    headers: { ...(type ? { "content-type": type } : {}), "next-action": "00ab", ...headers },
  });

const nested = (depth: number) => `${"[".repeat(depth)}1${"]".repeat(depth)}`;

describe("foreignOrigin: server actions and every other non-GET request come from the dashboard's own pages", () => {
  it("lets a same-host Origin and a missing one through (Next checks the rest)", () => {
    expect(foreignOrigin("http://localhost:3000", "localhost:3000")).toBeUndefined();
    expect(foreignOrigin(null, "localhost:3000")).toBeUndefined();
  });

  it("refuses another site, another port and the opaque null origin with 403", () => {
    for (const origin of ["https://evil.example", "http://localhost:3001", "null", "not a url"]) {
      expect(foreignOrigin(origin, "localhost:3000")).toMatchObject({
        status: 403,
        error: expect.stringContaining("came from another site"),
      });
    }
  });
});

describe("actionBodyProblem: bodies Next would answer with a 500 get a 4xx with a sentence", () => {
  it("accepts the encoded arguments of the dashboard's actions, escaped dollars and undefined included", async () => {
    expect(
      await actionBodyProblem(
        post(
          JSON.stringify([
            { listingId: 1, question: { instructions: "$$5 off", maxAllowedCharacters: 5, required: true } },
          ]),
        ),
      ),
    ).toBeUndefined();
    expect(
      await actionBodyProblem(post(JSON.stringify([{ note: "$undefined", at: "$D2026-01-01T00:00:00.000Z" }]))),
    ).toBeUndefined();
  });

  it("accepts a form action's multipart body with its $K reference", async () => {
    const form = new FormData();
    form.set("1_callbackUrl", "/listings");
    form.set("0", JSON.stringify(["$K1"]));
    expect(await actionBodyProblem(post(form, ""))).toBeUndefined();
  });

  it("refuses an empty body, one that is not JSON, and one nested 5,000 levels deep with 400", async () => {
    expect(await actionBodyProblem(post(""))).toMatchObject({
      status: 400,
      error: expect.stringContaining("is empty"),
    });
    expect(await actionBodyProblem(post("{not json"))).toMatchObject({
      status: 400,
      error: expect.stringContaining("is not JSON"),
    });
    expect(await actionBodyProblem(post(nested(5000)))).toMatchObject({
      status: 400,
      error: expect.stringContaining("nests deeper than 64 levels"),
    });
    expect(await actionBodyProblem(post(nested(60)))).toBeUndefined();
  });

  it("refuses React reference markers ($Q1, $h1, $@1, $F1) in the arguments and in a form's root field", async () => {
    for (const marker of ["$Q1", "$h1", "$@1", "$F1", "$K1"]) {
      expect(await actionBodyProblem(post(JSON.stringify([{ question: marker }])))).toMatchObject({
        status: 400,
        error: expect.stringContaining("reference marker"),
      });
    }
    const form = new FormData();
    form.set("0", JSON.stringify(["$Q1"]));
    expect(await actionBodyProblem(post(form, ""))).toMatchObject({ status: 400 });
  });

  it("refuses a body over the limit with 413, by its length header or by what arrives", async () => {
    const big = JSON.stringify(["x".repeat(ACTION_BODY_LIMIT)]);
    expect(await actionBodyProblem(post(big))).toMatchObject({
      status: 413,
      error: expect.stringContaining("larger than the 1 MB"),
    });
    expect(
      await actionBodyProblem(post("[]", undefined, { "content-length": String(ACTION_BODY_LIMIT + 1) })),
    ).toMatchObject({ status: 413 });
  });
});
