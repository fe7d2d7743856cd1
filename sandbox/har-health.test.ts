import { mkdtemp, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "./server.js";
import { harHealth } from "./har-health.js";
import { HAR_BOUNDS } from "./requests/har-file.js";
import { startRecorder } from "./requests/har-recorder.js";
import { ADA, callApi, http, issueTokensFor, sandboxControl, startTestSandbox } from "../test/harness/sandbox.js";

// npm run sandbox -- --health <file.har> [--until <date>] (docs/sandbox.md).

const LISTING = 1_000_000_001;
let sandbox: RunningSandbox;
let folder: string;
let recorded: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "har-health-"));
  sandbox = await startTestSandbox({ phase: undefined });
  // A client of May 2026: it reads a listing and switches personalization on with updateListing's legacy field.
  expect((await sandboxControl(sandbox.url, "/clock", { at: "2026-05-10T12:00:00Z" })).status).toBe(200);
  const { access_token } = await issueTokensFor(sandbox.url, {
    user_id: ADA.user_id,
    scopes: ["listings_r", "listings_w"],
  });
  expect((await callApi(sandbox.url, `listings/${LISTING}`)).status).toBe(200);
  const legacy = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings/${LISTING}`, {
    method: "PATCH",
    token: access_token,
    form: { title: "Engraved ring", is_personalizable: "true" },
  });
  expect(legacy.status, legacy.text).toBe(200);
  recorded = join(folder, "may.har");
  await writeFile(recorded, (await http(`${sandbox.url}/__sandbox/requests.har`)).text);
});
afterAll(async () => {
  await sandbox.close();
  await rm(folder, { recursive: true, force: true });
});

describe("--health: a recorded client's calls replayed in every phase after its own", () => {
  it("says OK for a call every later phase takes, and the first date a phase refuses one, with its refusal", async () => {
    const report = await harHealth(recorded);
    expect(report.lines[0]).toMatch(/^Recorded on 2026-05-10 \(post-deprecation\); replayed in multi-question/);
    expect(report.lines).toContain(`GET /v3/application/listings/${LISTING}: OK`);
    const patch = report.lines.find((line) => line.startsWith("PATCH "));
    expect(patch).toMatch(
      new RegExp(
        `^PATCH /v3/application/shops/${ADA.shop_id}/listings/${LISTING}: refused from 2026-09-06: 400 is_personalizable`,
      ),
    );
    expect(report.exitCode).toBe(1);
  });

  it("lists, for a May 2026 client recorded through --record, the refusals of later phases with their dates", async () => {
    const may = await startTestSandbox({ phase: undefined });
    const file = join(folder, "recorded-may.har");
    try {
      expect((await sandboxControl(may.url, "/clock", { at: "2026-05-10T12:00:00Z" })).status).toBe(200);
      const { access_token } = await issueTokensFor(may.url, {
        user_id: ADA.user_id,
        scopes: ["listings_r", "listings_w"],
      });
      const recorder = await startRecorder({ target: may.url, file, port: 0 });
      try {
        expect((await callApi(recorder.url, `listings/${LISTING}`)).status).toBe(200);
        const legacy = await callApi(recorder.url, `shops/${ADA.shop_id}/listings/${LISTING}`, {
          method: "PATCH",
          token: access_token,
          form: { title: "Engraved ring", is_personalizable: "true" },
        });
        expect(legacy.status, legacy.text).toBe(200);
      } finally {
        await recorder.close();
      }
    } finally {
      await may.close();
    }
    const report = await harHealth(file);
    expect(report.lines[0]).toMatch(
      /^Recorded on 2026-05-10 \(post-deprecation\); replayed in multi-question \(from 2026-05-11\)/,
    );
    expect(report.lines).toContain(`GET /v3/application/listings/${LISTING}: OK`);
    expect(report.lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^PATCH /v3/application/shops/${ADA.shop_id}/listings/${LISTING}: refused from 2026-09-06: 400 is_personalizable`,
        ),
      ),
    );
    expect(report.exitCode).toBe(1);
  });

  it("exits 0 when every refusal comes after --until, and 1 when one comes by it", async () => {
    const before = await harHealth(recorded, "2026-09-05");
    expect(before.exitCode).toBe(0);
    expect(before.lines.some((line) => line.includes("refused from 2026-09-06"))).toBe(true);
    expect((await harHealth(recorded, "2026-09-06")).exitCode).toBe(1);
  });

  it("exits 2 with a sentence on a file that is missing, not a HAR, or too big, and on a bad --until", async () => {
    const notHar = join(folder, "not.har");
    await writeFile(notHar, "nope");
    const noEntries = join(folder, "empty-object.har");
    await writeFile(noEntries, "{}");
    const huge = join(folder, "huge.har");
    await writeFile(huge, "");
    await truncate(huge, HAR_BOUNDS.bytes + 1);
    for (const [file, sentence] of [
      [join(folder, "missing.har"), /no such file; give the path of a HAR/],
      [notHar, /is not JSON; give a HAR 1.2 file/],
      [noEntries, /has no log.entries; give a HAR 1.2 file/],
      [huge, /--health reads a HAR of at most 16777216 bytes/],
    ] as const) {
      const report = await harHealth(file);
      expect(report.exitCode).toBe(2);
      expect(report.lines.join("\n")).toMatch(sentence);
    }
    const badUntil = await harHealth(recorded, "next week");
    expect([badUntil.exitCode, badUntil.lines]).toEqual([
      2,
      ['--until must be a day as YYYY-MM-DD, e.g. 2026-10-01, not "next week".'],
    ]);
  });
});
