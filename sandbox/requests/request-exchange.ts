import { Redactor } from "./request-redaction.js";

// What the request log keeps of one call beside its summary: the URL, headers and bodies as HAR needs them
// (GET /__sandbox/requests.har), redacted as they are kept, then cut: what was sent (what verify and --health read) at
// 8,192 characters, the answer at 2,048, so 2,000 entries of 100-listing pages hold about 10 MB. A body is redacted
// whole, field by field, so one longer than BODY_READ_BYTES is not kept at all.

export const KEPT_CHARACTERS = { request: 8 * 1024, response: 2 * 1024 } as const;
const BODY_READ_BYTES = 1024 * 1024;

export type KeptBody = { mimeType: string; text: string; size: number; cut: boolean };

export type Exchange = {
  url: string;
  query: [string, string][];
  requestHeaders: [string, string][];
  requestBody: KeptBody | null;
  status: number;
  statusText: string;
  responseHeaders: [string, string][];
  responseBody: KeptBody;
  durationMs: number;
};

const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** A copy of the request's body to read once it is answered, or null for a method that carries none. */
export const bodyCopy = (request: Request) =>
  METHODS_WITH_BODY.has(request.method) && request.body ? request.clone() : null;

async function keptText(message: Request | Response | null): Promise<{ text: string; size: number; cut: boolean }> {
  const reader = message?.body?.getReader();
  if (!reader) return { text: "", size: 0, cut: false };
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
    if (done || !value) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > BODY_READ_BYTES) {
      // Not awaited: a clone's cancel settles only once the other copy, the one being answered, is read or cancelled too.
      reader.cancel().catch(() => {});
      break;
    }
  }
  const whole = size <= BODY_READ_BYTES;
  return { text: whole ? Buffer.concat(chunks).toString("utf8") : "", size, cut: !whole };
}

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
  202: "Accepted",
  204: "No Content",
  302: "Found",
  303: "See Other",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** The call as kept: every credential and buyer address replaced by the marker before anything is stored. */
export async function keepExchange(
  request: Request,
  copy: Request | null,
  response: Response,
  durationMs: number,
): Promise<Exchange> {
  const redactor = new Redactor();
  const url = new URL(request.url);
  const requestHeaders = [...request.headers].map(([name, value]): [string, string] => [
    name,
    redactor.header(name, value),
  ]);
  const query = redactor.pairs(url.searchParams);
  const requestType = request.headers.get("content-type") ?? "";
  const sent = copy ? await keptText(copy) : null;
  const responseType = response.headers.get("content-type") ?? "";
  const answered = await keptText(response.clone());
  const responseHeaders = [...response.headers].map(([name, value]): [string, string] => [
    name,
    redactor.header(name, value),
  ]);
  // The bodies last, then every text once more, so a secret first met in the answer (a token issued) is gone from all.
  const redacted = (body: { text: string; size: number; cut: boolean }, mimeType: string, max: number) => {
    const text = redactor.body(body.text, mimeType);
    return { body: { mimeType, size: body.size, text, cut: body.cut || text.length > max }, max };
  };
  const requestBody = sent && redacted(sent, requestType, KEPT_CHARACTERS.request);
  const responseBody = redacted(answered, responseType, KEPT_CHARACTERS.response);
  const kept = ({ body, max }: { body: KeptBody; max: number }): KeptBody => ({
    ...body,
    // Copied, not sliced: V8 keeps a slice's whole parent string alive.
    text: Buffer.from(redactor.scrub(body.text).slice(0, max)).toString(),
  });
  const scrubPairs = (pairs: [string, string][]) =>
    pairs.map(([name, value]): [string, string] => [name, redactor.scrub(value)]);
  const keptQuery = scrubPairs(query);
  const search = keptQuery.length
    ? `?${new URLSearchParams(keptQuery).toString().replaceAll("%5Bredacted%5D", "[redacted]")}`
    : "";
  return {
    url: `${url.origin}${url.pathname}${search}`,
    query: keptQuery,
    requestHeaders: scrubPairs(requestHeaders),
    requestBody: requestBody && kept(requestBody),
    status: response.status,
    statusText: STATUS_TEXT[response.status] ?? "",
    responseHeaders: scrubPairs(responseHeaders),
    responseBody: kept(responseBody),
    durationMs,
  };
}
