// What proxy.ts refuses before Next: Next's own checks would refuse these too, but with a 500 (an alarm in monitoring
// that hides real faults), so they get a 4xx with a sentence here. A body is read from a clone; Next reads its own.

export type Refusal = { status: 400 | 403 | 411 | 413; error: string };

export const ACTION_BODY_LIMIT = 1024 * 1024;

const MAX_DEPTH = 64;

const PLAIN_MARKER = /^\$(\$|undefined$|D|-0$|NaN$|-?Infinity$|n-?\d+$)/;
const FORM_MARKER = /^\$K[0-9a-f]+$/;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function foreignOrigin(origin: string | null, host: string | null): Refusal | undefined {
  if (origin === null) return undefined;
  const parsed = URL.parse(origin);
  if (parsed && host && parsed.host === host) return undefined;
  return {
    status: 403,
    error: "This request came from another site, so the dashboard refused it. Open the dashboard itself and try again.",
  };
}

export const tooLarge: Refusal = {
  status: 413,
  error: `This request is larger than the ${ACTION_BODY_LIMIT / 1024 / 1024} MB the dashboard accepts. Shorten what you entered and try again.`,
};

// Browsers send a Content-Length with every action; a streamed body would reach Next's limit and its 500. Next's own
// forward of an action to the page that holds it streams the body it already took within the limit.
const lengthRequired: Refusal = {
  status: 411,
  error: "The dashboard could not read this request: it has no Content-Length. Reload the page and try again.",
};

export function refusalOf(request: { method: string; headers: Headers }): Refusal | undefined {
  if (SAFE_METHODS.has(request.method)) return undefined;
  const host = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() || request.headers.get("host");
  const foreign = foreignOrigin(request.headers.get("origin"), host);
  if (foreign) return foreign;
  if (!request.headers.has("next-action")) return undefined;
  const length = request.headers.get("content-length");
  if (length === null) return request.headers.has("x-action-forwarded") ? undefined : lengthRequired;
  return Number(length) > ACTION_BODY_LIMIT ? tooLarge : undefined;
}

function modelProblem(value: unknown, depth: number, markers: RegExp[]): string | undefined {
  if (depth > MAX_DEPTH) return `nests deeper than ${MAX_DEPTH} levels`;
  if (typeof value === "string")
    return value.startsWith("$") && !markers.some((marker) => marker.test(value))
      ? "carries a reference marker"
      : undefined;
  if (value === null || typeof value !== "object") return undefined;
  for (const item of Object.values(value)) {
    const problem = modelProblem(item, depth + 1, markers);
    if (problem) return problem;
  }
  return undefined;
}

const malformed = (why: string): Refusal => ({
  status: 400,
  error: `The dashboard could not read this request: its body ${why}. Reload the page and try again.`,
});

function jsonProblem(text: string, markers: RegExp[]): Refusal | undefined {
  if (text.trim() === "") return malformed("is empty");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return malformed("is not JSON");
  }
  const problem = modelProblem(value, 0, markers);
  return problem ? malformed(problem) : undefined;
}

export async function actionBodyProblem(request: Request): Promise<Refusal | undefined> {
  if (!request.headers.has("next-action") || request.headers.has("x-action-forwarded")) return undefined;
  const body = request.clone();
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    let form: FormData;
    try {
      form = await body.formData();
    } catch {
      return malformed("is not a readable form");
    }
    for (const [name, value] of form.entries()) {
      if (!/^\d+$/.test(name)) continue;
      if (typeof value !== "string") return malformed("carries a file where arguments belong");
      const problem = jsonProblem(value, [PLAIN_MARKER, FORM_MARKER]);
      if (problem) return problem;
    }
    return undefined;
  }
  return jsonProblem(await body.text(), [PLAIN_MARKER]);
}
