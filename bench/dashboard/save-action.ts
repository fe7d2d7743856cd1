// Calls the save server action the way the browser does (the id this build gave it, from the server-reference
// manifest), and reads its result out of the RSC answer.
import { actionId } from "../../test/harness/server-action";

export type QuestionInput = { instructions: string; maxAllowedCharacters: number; required: boolean };

export type ActionResult =
  | { ok: true; data: Array<{ instructions: string | null; required: boolean; maxAllowedCharacters: number }> }
  | { ok: false; formError: string; fieldErrors?: Record<string, string>; reauth?: boolean };

/** The id Next gave `updatePersonalizationAction` in this build (it changes with every build). */
export const saveActionId = (distDir: string) => actionId("updatePersonalizationAction", distDir);

/**
 * An action answer is RSC rows `<id>:<json>`; row 0 is `{"a":"$@<row>", ...}` and the named row holds the
 * action's return value. The save action returns plain JSON, so no other row kinds need decoding.
 */
export function parseActionAnswer(text: string): ActionResult {
  const rows = new Map<string, string>();
  for (const line of text.split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) rows.set(line.slice(0, colon), line.slice(colon + 1));
  }
  const head = JSON.parse(rows.get("0") ?? "null") as { a?: unknown } | null;
  const reference = typeof head?.a === "string" && head.a.startsWith("$@") ? head.a.slice(2) : undefined;
  const row = reference === undefined ? undefined : rows.get(reference);
  if (row === undefined) throw new Error(`no action result in the answer: ${text.slice(0, 200)}`);
  const result = JSON.parse(row) as ActionResult;
  if (typeof result !== "object" || result === null || typeof result.ok !== "boolean")
    throw new Error(`not an action result: ${row.slice(0, 200)}`);
  return result;
}

export async function callSaveAction(
  dashboardUrl: string,
  actionId: string,
  cookie: string,
  listingId: number,
  question: QuestionInput,
): Promise<ActionResult> {
  const response = await fetch(`${dashboardUrl}/listings/${listingId}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie,
      "next-action": actionId,
      "content-type": "text/plain;charset=UTF-8",
      accept: "text/x-component",
    },
    body: JSON.stringify([{ listingId, question }]),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`the save action answered ${response.status}: ${text.slice(0, 200)}`);
  return parseActionAnswer(text);
}
