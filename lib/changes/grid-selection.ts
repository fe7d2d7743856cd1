import { selectionSchema, TOO_MANY_LISTINGS, type Selection } from "./selection-schema";

type Search = Record<string, string | string[] | undefined>;

const idsOf = (text: string | undefined) =>
  (text ?? "")
    .split(",")
    .filter((id) => id !== "")
    .map(Number);

const NO_SELECTION = "Select listings on the listings page, then choose Edit in a grid.";

/** The selection a grid address names (see gridHref), or the sentence saying why it names none. */
export function selectionOfGridSearch(
  search: Search,
): { ok: true; selection: Selection } | { ok: false; message: string } {
  const one = (name: string) => (typeof search[name] === "string" ? (search[name] as string) : undefined);
  const ids = one("ids");
  const parsed = selectionSchema.safeParse(
    ids !== undefined
      ? { kind: "listings", listingIds: idsOf(ids) }
      : {
          kind: "filter",
          state: one("state") ?? "active",
          q: one("q"),
          filter: one("filter"),
          exclude: one("exclude") === undefined ? undefined : idsOf(one("exclude")),
        },
  );
  if (parsed.success) return { ok: true, selection: parsed.data };
  const tooMany = parsed.error.issues.some((issue) => issue.message === TOO_MANY_LISTINGS);
  return { ok: false, message: tooMany ? TOO_MANY_LISTINGS : NO_SELECTION };
}
