// What the server refuses before Next reads a request (screen-request.ts): Next answers each of these with a 500 (an
// alarm in monitoring that hides real faults), so they are turned into 4xx with a sentence here; Next's own checks
// still run after.

export type Refusal = { status: 400 | 403 | 413; error: string };

/** Next's default `serverActions.bodySizeLimit`. */
export const ACTION_BODY_LIMIT = 1024 * 1024;
const MAX_DEPTH = 64;

/**
 * React's reply format reads strings that start with "$" as references (to promises, maps, server references, files…).
 * The dashboard's actions take plain objects, whose encoding only ever holds these: an escaped "$$", undefined, dates,
 * special numbers, bigints, and "$K" for a form's FormData.
 */
const PLAIN_MARKER = /^\$(\$|undefined$|D|-0$|NaN$|-?Infinity$|n-?\d+$)/;
const FORM_MARKER = /^\$K[0-9a-f]+$/;

/** A foreign Origin, or the opaque "null" of a sandboxed frame or a redirect chain. No Origin at all is left to Next. */
export function foreignOrigin(origin: string | null, host: string | null): Refusal | undefined {
  if (origin === null) return undefined;
  const parsed = URL.parse(origin);
  if (parsed && host && parsed.host === host) return undefined;
  return {
    status: 403,
    error: "This request came from another site, so the dashboard refused it. Open the dashboard itself and try again.",
  };
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

export const tooLarge: Refusal = {
  status: 413,
  error: `This request is larger than the ${ACTION_BODY_LIMIT / 1024 / 1024} MB the dashboard accepts. Shorten what you entered and try again.`,
};

/** A server action's body (the `next-action` header is set): within the limit, and a reply React can decode safely. */
export async function actionBodyProblem(request: Request): Promise<Refusal | undefined> {
  if (Number(request.headers.get("content-length") ?? 0) > ACTION_BODY_LIMIT) return tooLarge;
  const type = request.headers.get("content-type") ?? "";
  const body = request.clone();
  if (type.startsWith("multipart/form-data")) {
    let form: FormData;
    try {
      form = await body.formData();
    } catch {
      return malformed("is not a readable form");
    }
    // Numbered fields hold the encoded arguments; `<n>_name` fields are a form's own values, never decoded further.
    for (const [name, value] of form.entries()) {
      if (!/^\d+$/.test(name)) continue;
      if (typeof value !== "string") return malformed("carries a file where arguments belong");
      const problem = jsonProblem(value, [PLAIN_MARKER, FORM_MARKER]);
      if (problem) return problem;
    }
    return undefined;
  }
  const text = await body.text();
  if (new TextEncoder().encode(text).length > ACTION_BODY_LIMIT) return tooLarge;
  return replyTextProblem(text);
}

/** An action body that is not a form, already read (and within the limit): a reply React can decode safely. */
export const replyTextProblem = (text: string) => jsonProblem(text, [PLAIN_MARKER]);
