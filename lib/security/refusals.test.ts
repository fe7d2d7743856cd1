import { describe, expect, it } from "vitest";
import { ACTION_BODY_LIMIT, foreignOrigin, refusalOf } from "./refusals";

const request = (method: string, headers: Record<string, string>) => ({
  method,
  headers: new Headers({ host: "localhost:3000", ...headers }),
});
const action = (headers: Record<string, string>) =>
  request("POST", { "next-action": "00ab", "content-type": "text/plain;charset=UTF-8", ...headers });

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

describe("refusalOf: what proxy.ts answers with a 4xx before Next would answer a 500", () => {
  it("never refuses a read, whatever its Origin", () => {
    expect(refusalOf(request("GET", { origin: "https://evil.example" }))).toBeUndefined();
  });

  it("refuses a write from another site on any route, and compares with the proxy's X-Forwarded-Host first", () => {
    expect(refusalOf(request("POST", { origin: "https://evil.example" }))).toMatchObject({ status: 403 });
    expect(
      refusalOf(
        request("POST", { origin: "https://dashboard.example", "x-forwarded-host": "dashboard.example, internal" }),
      ),
    ).toBeUndefined();
  });

  it("passes a server action within the limit", () => {
    expect(refusalOf(action({ origin: "http://localhost:3000", "content-length": "120" }))).toBeUndefined();
    expect(refusalOf(action({ "content-length": String(ACTION_BODY_LIMIT) }))).toBeUndefined();
  });

  it("refuses a server action declared past the limit with 413, and one with no Content-Length with 411 unless Next forwarded it", () => {
    expect(refusalOf(action({ "content-length": String(ACTION_BODY_LIMIT + 1) }))).toMatchObject({
      status: 413,
      error: expect.stringContaining("larger than the 1 MB"),
    });
    expect(refusalOf(action({}))).toMatchObject({ status: 411 });
    expect(refusalOf(action({ "x-action-forwarded": "1" }))).toBeUndefined();
  });

  it("leaves a write that is not a server action (next-auth's forms) to its route", () => {
    expect(refusalOf(request("POST", { "content-type": "application/x-www-form-urlencoded" }))).toBeUndefined();
  });
});
