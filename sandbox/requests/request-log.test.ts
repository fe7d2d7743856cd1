import { describe, expect, it } from "vitest";
import { RequestLog, type LogRecord } from "./request-log.js";

const record = (path: string, timeMs = Date.UTC(2026, 10, 23, 9, 0, 0)): LogRecord => ({
  timeMs,
  method: "GET",
  path,
  status: 200,
  api_key: true,
  app: "demo",
  bearer_user: null,
  grant_type: null,
  client_auth: null,
  code_verifier: null,
  error: null,
});

describe("the request log", () => {
  it("lists entries oldest first with increasing ids and the time as ISO text", () => {
    const log = new RequestLog();
    log.add(record("/a"));
    log.add(record("/b", Date.UTC(2026, 10, 23, 9, 0, 1)));
    expect(log.list()).toEqual([
      { id: 1, time: "2026-11-23T09:00:00.000Z", ...withoutTime(record("/a")) },
      { id: 2, time: "2026-11-23T09:00:01.000Z", ...withoutTime(record("/b")) },
    ]);
    expect(log.list(1).map((entry) => entry.path)).toEqual(["/b"]);
  });

  it("keeps the newest 2,000 requests once more have come", () => {
    const log = new RequestLog();
    for (let index = 1; index <= 4500; index++) log.add(record(`/${index}`));
    const entries = log.list();
    expect(entries).toHaveLength(2000);
    expect(entries[0]).toMatchObject({ id: 2501, path: "/2501" });
    expect(entries.at(-1)).toMatchObject({ id: 4500, path: "/4500" });
    expect(log.list(4490).map((entry) => entry.id)).toEqual([
      4491, 4492, 4493, 4494, 4495, 4496, 4497, 4498, 4499, 4500,
    ]);
    expect(log.list(100)).toHaveLength(2000);
  });

  it("after clear, lists only what came since, with ids that go on increasing", () => {
    const log = new RequestLog();
    for (let index = 1; index <= 10; index++) log.add(record(`/${index}`));
    log.clear();
    expect(log.list()).toEqual([]);
    log.add(record("/after"));
    expect(log.list()).toEqual([expect.objectContaining({ id: 11, path: "/after" })]);
  });
});

function withoutTime({ timeMs: _timeMs, ...rest }: LogRecord) {
  return rest;
}
