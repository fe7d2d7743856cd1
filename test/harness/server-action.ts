// A server action of the built dashboard called over plain HTTP, as its page's client calls it (or as an attacker can).
import { readFileSync } from "node:fs";
import { join } from "node:path";

const DIST_DIR = process.env.NEXT_DIST_DIR || ".next";

/** The id the build in `distDir` gave the action exported as `name` (server/server-reference-manifest.json). */
export function actionId(name: string, distDir = DIST_DIR): string {
  const manifest = JSON.parse(readFileSync(join(distDir, "server", "server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { exportedName: string }>;
  };
  const found = Object.entries(manifest.node).find(([, action]) => action.exportedName === name);
  if (!found) throw new Error(`${name} is not in the build's server-reference-manifest.json`);
  return found[0];
}

/**
 * Calls the action `name` with `args` on the page at `url`, with more `headers` or another `body` when a test tampers
 * with them; returns the status, the headers, the text and the action's `{ ok, ... }` result.
 */
export async function callServerAction(
  url: string,
  name: string,
  args: unknown[],
  cookie: string,
  { headers = {}, body = JSON.stringify(args) }: { headers?: Record<string, string>; body?: BodyInit } = {},
) {
  const response = await fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie,
      "next-action": actionId(name),
      "content-type": "text/plain;charset=UTF-8",
      accept: "text/x-component",
      ...headers,
    },
    body,
    // A stream goes out chunked, without a Content-Length (undici needs to be told it is sent before the answer).
    ...(body instanceof ReadableStream && ({ duplex: "half" } as RequestInit)),
  });
  const text = await response.text();
  const result = text
    .split("\n")
    .map((line) => /^[0-9a-f]+:(\{.*\})$/.exec(line)?.[1])
    .map((json) => (json ? (JSON.parse(json) as Record<string, unknown>) : undefined))
    .find((value) => value && "ok" in value);
  return { status: response.status, headers: response.headers, text, result };
}
