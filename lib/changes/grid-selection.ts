import { selectionSchema, type Selection } from "./selection-schema";

type Search = Record<string, string | string[] | undefined>;

const idsOf = (text: string | undefined) =>
  (text ?? "")
    .split(",")
    .filter((id) => id !== "")
    .map(Number);

/** The selection a grid address names (see gridHref), or null when it names none. */
export function selectionOfGridSearch(search: Search): Selection | null {
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
  return parsed.success ? parsed.data : null;
}
