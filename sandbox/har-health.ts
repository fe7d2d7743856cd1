import { createApp } from "./app.js";
import { readHar, type HarEntry } from "./requests/har-file.js";
import { applyRecording, recordingOf, type Recording } from "./store/recorded-shop.js";
import { DEFAULT_OPTIONS, SandboxState } from "./state.js";
import { PHASE_STARTS, PHASES, phaseAt, type Phase } from "./phases.js";
import { SCOPES } from "./scopes.js";
import { DEMO_APP } from "./store/seed.js";

const DEMO_KEY = `${DEMO_APP.keystring}:${DEMO_APP.shared_secret}`;

// npm run sandbox -- --health <file.har> [--until <date>] (docs/sandbox.md):
// each recorded call replayed in a throwaway in-memory sandbox of every dated phase after the recording's, in order,
// each sandbox starting from what the recording's answers show (a recording of the marketplace: its own shop's ids).

export type HealthReport = { lines: string[]; exitCode: 0 | 1 | 2 };

const refusal = (message: string): HealthReport => ({ lines: [message], exitCode: 2 });

const callName = (entry: HarEntry) => `${entry.request.method} ${new URL(entry.request.url).pathname}`;
const isSignIn = (path: string) => path.startsWith("/oauth/") || path.startsWith("/v3/public/oauth/");

/** The marketplace's path of a recorded URL: a space's base path taken off. */
const apiPath = (url: URL) => url.pathname.replace(/^\/spaces\/[^/]+/, "") + url.search;

/** Each call's status in a fresh sandbox of `phase`, replayed in order with the demo key and a token for its user. */
async function replayIn(phase: Phase, entries: HarEntry[], recording: Recording) {
  const state = new SandboxState({ ...DEFAULT_OPTIONS, phase });
  const loaded = applyRecording(state.db, recording);
  if (typeof loaded === "string") {
    state.close();
    return loaded;
  }
  const app = createApp(state);
  const tokens = new Map<number, string>();
  const tokenFor = async (userId: number) => {
    const known = tokens.get(userId);
    if (known) return known;
    const issued = await app.fetch(
      new Request("http://localhost/__sandbox/tokens", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ keystring: DEMO_APP.keystring, user_id: userId, scopes: Object.keys(SCOPES) }),
      }),
    );
    const token = ((await issued.json()) as { access_token?: string }).access_token ?? "";
    tokens.set(userId, token);
    return token;
  };
  const answers: ({ status: number; error: string } | undefined)[] = [];
  try {
    for (const entry of entries) {
      const url = new URL(entry.request.url);
      if (isSignIn(url.pathname) || entry.response.status >= 400) {
        answers.push(undefined);
        continue;
      }
      const headers = new Headers();
      for (const { name, value } of entry.request.headers ?? [])
        if (["content-type", "accept"].includes(name.toLowerCase())) headers.set(name, value);
      headers.set("x-api-key", DEMO_KEY);
      const user = entry._sandbox?.bearer_user;
      if (typeof user === "number") headers.set("authorization", `Bearer ${await tokenFor(user)}`);
      const method = entry.request.method.toUpperCase();
      const body = ["GET", "HEAD"].includes(method) ? undefined : entry.request.postData?.text;
      const answer = await app.fetch(new Request(`http://localhost${apiPath(url)}`, { method, headers, body }));
      const text = await answer.text();
      let error = text.slice(0, 300);
      try {
        const parsed = JSON.parse(text) as { error?: string; error_description?: string };
        error = parsed.error_description ?? parsed.error ?? error;
      } catch {
        // Not JSON: its text, as it came.
      }
      answers.push({ status: answer.status, error });
    }
  } finally {
    state.close();
  }
  return answers;
}

/** Per call "OK" or "refused from <date>: <refusal>"; exit 1 when a phase starting by `until` refuses a call. */
export async function healthOf(entries: HarEntry[], until?: string, file = "the HAR"): Promise<HealthReport> {
  if (until !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(until))
    return refusal(`--until must be a day as YYYY-MM-DD, e.g. 2026-10-01, not "${until}".`);
  if (entries.length === 0) return { lines: ["The HAR holds no calls: nothing to check."], exitCode: 0 };
  const recording = recordingOf(file, entries);
  if (typeof recording === "string") return refusal(recording);
  const recordedAt = Math.min(...entries.map((entry) => Date.parse(entry.startedDateTime))) / 1000;
  const recorded = phaseAt(recordedAt);
  const ahead = PHASES.slice(PHASES.indexOf(recorded) + 1);
  const replays = [];
  for (const phase of ahead) {
    const answers = await replayIn(phase, entries, recording);
    if (typeof answers === "string") return refusal(answers);
    replays.push({ phase, answers });
  }
  const lines = [
    `Recorded on ${new Date(recordedAt * 1000).toISOString().slice(0, 10)} (${recorded}); replayed in ${ahead.length ? ahead.map((phase) => `${phase} (from ${PHASE_STARTS[phase]})`).join(", ") : "no later phase"}.`,
  ];
  let exitCode: 0 | 1 = 0;
  for (const [index, entry] of entries.entries()) {
    const name = callName(entry);
    const path = new URL(entry.request.url).pathname;
    if (isSignIn(path)) {
      lines.push(`${name}: skipped (a sign-in: its credentials are redacted in the HAR)`);
      continue;
    }
    if (entry.response.status >= 400) {
      lines.push(`${name}: skipped (refused when recorded, ${entry.response.status})`);
      continue;
    }
    const first = replays.find(({ answers }) => (answers[index]?.status ?? 0) >= 400);
    if (!first) {
      lines.push(`${name}: OK`);
      continue;
    }
    const answer = first.answers[index]!;
    const from = PHASE_STARTS[first.phase];
    lines.push(`${name}: refused from ${from}: ${answer.status} ${answer.error}`);
    if (until === undefined || from <= until) exitCode = 1;
  }
  return { lines, exitCode };
}

export async function harHealth(file: string, until?: string): Promise<HealthReport> {
  const entries = await readHar(file, "--health");
  return typeof entries === "string" ? refusal(entries) : healthOf(entries, until, file);
}
