import type { KeptEntry } from "./request-log.js";
import type { KeptBody } from "./request-exchange.js";

// GET /__sandbox/requests.har: the request log as HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), every
// credential and buyer address already redacted as the log kept it (request-redaction.ts).

const pairs = (list: [string, string][]) => list.map(([name, value]) => ({ name, value }));
const headersSize = -1;
const cutComment = (body: KeptBody) =>
  body.cut ? { comment: `Cut at ${body.text.length} characters of ${body.size} bytes by the sandbox's log.` } : {};

function harEntry(entry: KeptEntry) {
  const exchange = entry.exchange;
  const url = exchange?.url ?? `http://localhost${entry.path}`;
  const time = exchange?.durationMs ?? 0;
  const request = exchange?.requestBody;
  const response = exchange?.responseBody;
  return {
    startedDateTime: entry.time,
    time,
    request: {
      method: entry.method,
      url,
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: pairs(exchange?.requestHeaders ?? []),
      queryString: pairs(exchange?.query ?? []),
      ...(request
        ? { postData: { mimeType: request.mimeType, params: [], text: request.text, ...cutComment(request) } }
        : {}),
      headersSize,
      bodySize: request?.size ?? 0,
    },
    response: {
      status: entry.status,
      statusText: exchange?.statusText ?? "",
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: pairs(exchange?.responseHeaders ?? []),
      content: {
        size: response?.size ?? 0,
        mimeType: response?.mimeType ?? "",
        text: response?.text ?? "",
        ...(response ? cutComment(response) : {}),
      },
      redirectURL: exchange?.responseHeaders.find(([name]) => name === "location")?.[1] ?? "",
      headersSize,
      bodySize: response?.size ?? 0,
    },
    cache: {},
    timings: { send: 0, wait: time, receive: 0 },
    _sandbox: { id: entry.id, app: entry.app, bearer_user: entry.bearer_user, error: entry.error },
  };
}

export function harOf(entries: KeptEntry[]) {
  return {
    log: {
      version: "1.2",
      creator: { name: "marketplace sandbox", version: "1" },
      entries: entries.map(harEntry),
    },
  };
}
