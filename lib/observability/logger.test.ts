import { describe, expect, it } from "vitest";
import { createLogger, redactSecrets } from "./logger";

function logged(write: (log: ReturnType<typeof createLogger>) => void) {
  const lines: string[] = [];
  write(createLogger({ write: (line: string) => void lines.push(line) }));
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("the dashboard's logger", () => {
  it("censors secret-named fields at the top, in nested objects and in arrays, and keeps the rest", () => {
    const [line] = logged((log) =>
      log.info({
        msg: "marketplace call",
        token: "tok-1",
        request: {
          headers: { authorization: "Bearer 1.abc", "x-api-key": "key:secret", accept: "application/json" },
          path: "/v3/application/listings/1",
        },
        tokens: [{ access_token: "a-1", refresh_token: "r-1", expires_in: 3600 }],
        form: { password: "hunter2", code_verifier: "v".repeat(43), email: "ada@example.com" },
      }),
    );
    expect(line).toMatchObject({
      msg: "marketplace call",
      token: "[redacted]",
      request: {
        headers: { authorization: "[redacted]", "x-api-key": "[redacted]", accept: "application/json" },
        path: "/v3/application/listings/1",
      },
      tokens: [{ access_token: "[redacted]", refresh_token: "[redacted]", expires_in: 3600 }],
      form: { password: "[redacted]", code_verifier: "[redacted]", email: "ada@example.com" },
    });
    const text = JSON.stringify(line);
    for (const secret of ["tok-1", "1.abc", "key:secret", "a-1", "r-1", "hunter2"]) expect(text).not.toContain(secret);
  });

  it("leaves the caller's object as it was", () => {
    const call = { msg: "request", headers: { cookie: "authjs.session-token=xyz" }, status: 200 };
    logged((log) => log.info(call));
    expect(call.headers.cookie).toBe("authjs.session-token=xyz");
  });

  it("returns an object without secrets as it is, without copying it", () => {
    const line = { msg: "request", requestId: "r-1", route: "/listings", nested: { status: 200 } };
    expect(redactSecrets(line)).toBe(line);
  });
});
