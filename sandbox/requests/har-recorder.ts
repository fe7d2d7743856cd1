import { mkdir, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { HAR_BOUNDS } from "./har-file.js";
import { keepExchange, RECORDED_CHARACTERS } from "./request-exchange.js";
import { harEntry, harOf } from "./request-har.js";
import type { KeptEntry } from "./request-log.js";

// npm run sandbox -- --record <marketplace base URL> (docs/sandbox.md, "Recording a real shop, and replaying it
// offline"): a proxy on the sandbox's port that forwards each call to the marketplace and keeps the exchange in a HAR
// 1.2 file, redacted as the request log keeps its calls (request-redaction.ts), whole bodies up to 1 MB, the file at
// most HAR_BOUNDS.bytes, so that --from and --health read it back.

/** The marketplace to record does not answer: its message names it and says what to check. */
export class RecordTargetDown extends Error {}

const ANSWER_WAIT_MS = 30_000;
const REQUEST_BODY_BYTES = 8 * 1024 * 1024;
const HOP_HEADERS = ["host", "connection", "keep-alive", "transfer-encoding", "content-length", "accept-encoding"];
// fetch has already decoded the body and streams it in chunks of its own.
const ANSWER_HEADERS_DROPPED = ["content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive"];

export type RecorderOptions = {
  target: string;
  file: string;
  port?: number;
  hostname?: string;
  /** Sent as x-api-key when the client sends none (SANDBOX_RECORD_API_KEY). */
  apiKey?: string;
  maxBytes?: number;
  say?: (line: string) => void;
};

export type RunningRecorder = { url: string; file: string; close: () => Promise<void> };

function targetOf(target: string): URL {
  if (!URL.canParse(target) || !/^https?:$/.test(new URL(target).protocol))
    throw new RecordTargetDown(
      `--record wants the marketplace's base URL, e.g. https://openapi.etsy.com, not "${target}".`,
    );
  return new URL(target.replace(/\/+$/, ""));
}

const causeOf = (error: unknown) => {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
};

/** Any answer will do, a 404 too: only a target that does not answer is refused. */
async function checkAnswers(target: URL) {
  try {
    const answer = await fetch(target, { method: "HEAD", signal: AbortSignal.timeout(10_000) });
    await answer.body?.cancel();
  } catch (error) {
    throw new RecordTargetDown(
      `The marketplace to record, ${target.href}, does not answer (${causeOf(error)}): check the base URL and the network, then start again.`,
    );
  }
}

/** What the client sent, read up to the bound whether or not it said its length. */
async function boundedBody(request: Request): Promise<Uint8Array<ArrayBuffer> | undefined | "too large"> {
  if (["GET", "HEAD"].includes(request.method) || !request.body) return undefined;
  if (Number(request.headers.get("content-length") ?? 0) > REQUEST_BODY_BYTES) return "too large";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > REQUEST_BODY_BYTES) return "too large";
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

const bearerUser = (authorization: string | null) => {
  const user = /^Bearer (\d+)\./i.exec(authorization ?? "")?.[1];
  return user === undefined ? null : Number(user);
};

export async function startRecorder(options: RecorderOptions): Promise<RunningRecorder> {
  const target = targetOf(options.target);
  await checkAnswers(target);
  const say = options.say ?? console.log;
  const maxBytes = options.maxBytes ?? HAR_BOUNDS.bytes;
  const entries: KeptEntry[] = [];
  let bytes = Buffer.byteLength(JSON.stringify(harOf([])));
  let full = false;
  let writing = Promise.resolve();
  let dirty = false;
  const save = () => {
    dirty = true;
    writing = writing.then(async () => {
      if (!dirty) return;
      dirty = false;
      const draft = `${options.file}.part`;
      await writeFile(draft, JSON.stringify(harOf(entries)));
      await rename(draft, options.file);
    });
    return writing;
  };
  await mkdir(dirname(options.file), { recursive: true });
  await save();

  // Awaited before the client has its answer: once a client's step is done, its calls are in the file.
  const keep = async (entry: KeptEntry) => {
    if (full) return;
    const size = Buffer.byteLength(JSON.stringify(harEntry(entry))) + 1;
    if (bytes + size > maxBytes) {
      full = true;
      say(
        `The recording reached its bound of ${maxBytes} bytes after ${entries.length} calls: later calls are forwarded, not recorded.`,
      );
      return;
    }
    bytes += size;
    entries.push(entry);
    return save();
  };

  const forward = async (request: Request): Promise<Response> => {
    const incoming = new URL(request.url);
    const upstream = new URL(`${target.pathname.replace(/\/$/, "")}${incoming.pathname}${incoming.search}`, target);
    const body = await boundedBody(request);
    if (body === "too large")
      return Response.json(
        { error: `The recording proxy forwards bodies of at most ${REQUEST_BODY_BYTES} bytes.` },
        { status: 413 },
      );
    const headers = new Headers(request.headers);
    for (const name of HOP_HEADERS) headers.delete(name);
    if (options.apiKey && !headers.has("x-api-key")) headers.set("x-api-key", options.apiKey);
    const sent = new Request(upstream, { method: request.method, headers, body, redirect: "manual" });
    const copy = body === undefined ? null : sent.clone();
    const started = Date.now();
    let answered: Response;
    try {
      answered = await fetch(sent, { redirect: "manual", signal: AbortSignal.timeout(ANSWER_WAIT_MS) });
    } catch (error) {
      return Response.json(
        {
          error: `The marketplace being recorded, ${target.origin}, did not answer ${request.method} ${incoming.pathname} (${causeOf(error)}).`,
        },
        { status: 502 },
      );
    }
    const answerHeaders = new Headers(answered.headers);
    for (const name of ANSWER_HEADERS_DROPPED) answerHeaders.delete(name);
    const answer = new Response(answered.body, {
      status: answered.status,
      statusText: answered.statusText,
      headers: answerHeaders,
    });
    const took = Date.now() - started;
    const exchange = await keepExchange(sent, copy, answer, took, RECORDED_CHARACTERS);
    // The marketplace's clock, as its Date header tells it: what --health dates the recording by.
    const said = Date.parse(answered.headers.get("date") ?? "");
    await keep({
      id: entries.length + 1,
      time: new Date(Number.isNaN(said) ? started : said - took).toISOString(),
      method: request.method,
      path: upstream.pathname,
      status: answered.status,
      api_key: headers.has("x-api-key"),
      app: null,
      bearer_user: bearerUser(request.headers.get("authorization")),
      grant_type: null,
      client_auth: null,
      code_verifier: null,
      error: null,
      exchange,
    });
    return answer;
  };

  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: forward, port: options.port ?? 4010, hostname: options.hostname ?? "localhost" },
      (info: AddressInfo) =>
        resolve({
          url: `http://localhost:${info.port}`,
          file: options.file,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => void save().then(done));
              if ("closeAllConnections" in server) server.closeAllConnections();
            }),
        }),
    );
    server.on("error", reject);
  });
}
