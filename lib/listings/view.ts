import type { ListingState } from "../marketplace/client";
import type { Listing } from "../marketplace/wire";
import { VIEW_STATES, PAGE_SIZE } from "./query-keys";

// The marketplace reads by state only (docs/marketplace.md §11): search, filter, sort and paging happen here.

export const QUESTION_FILTERS = [
  { value: "all", label: "All listings" },
  { value: "with", label: "Has a question" },
  { value: "none", label: "No question" },
  { value: "required", label: "Answer required" },
] as const;

export const SORTS = [
  { value: "title", label: "Title, A to Z" },
  { value: "title-desc", label: "Title, Z to A" },
  { value: "updated", label: "Recently updated" },
  { value: "updated-asc", label: "Least recently updated" },
  { value: "price", label: "Price, low to high" },
  { value: "price-desc", label: "Price, high to low" },
] as const;

export type QuestionFilter = (typeof QUESTION_FILTERS)[number]["value"];
export type ListingSort = (typeof SORTS)[number]["value"];

export type ListingsView = { state: ListingState; q: string; filter: QuestionFilter; sort: ListingSort; page: number };

export const MAX_SEARCH_LENGTH = 100;

export type Search = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export function parseListingsView(search: Search): ListingsView {
  const state = VIEW_STATES.find((option) => option.value === first(search.state))?.value ?? "active";
  const filter = QUESTION_FILTERS.find((option) => option.value === first(search.filter))?.value ?? "all";
  const sort = SORTS.find((option) => option.value === first(search.sort))?.value ?? "title";
  const q = (first(search.q) ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  const page = Math.max(1, Number.parseInt(first(search.page) ?? "1", 10) || 1);
  return { state, q, filter, sort, page };
}

export function viewParams(view: ListingsView): URLSearchParams {
  const params = new URLSearchParams({ state: view.state });
  if (view.q) params.set("q", view.q);
  if (view.filter !== "all") params.set("filter", view.filter);
  if (view.sort !== "title") params.set("sort", view.sort);
  params.set("page", String(view.page));
  return params;
}

export function listingsTitle(view: ListingsView) {
  const state = VIEW_STATES.find((option) => option.value === view.state)?.label ?? "Your";
  return `${state} listings${view.q ? ` matching “${view.q}”` : ""}${view.page > 1 ? `, page ${view.page}` : ""}`;
}

export const listingsHref = (view: ListingsView) => `/listings?${viewParams(view)}`;
export const editorHref = (listingId: number, view: ListingsView) => `/listings/${listingId}?${viewParams(view)}`;

function matchesQuestion(listing: Listing, filter: QuestionFilter) {
  if (filter === "with") return listing.questions.length > 0;
  if (filter === "none") return listing.questions.length === 0;
  if (filter === "required") return listing.questions.some((question) => question.required);
  return true;
}

// A listing's number as the seller may paste it: "1234567", "#1234567", or the marketplace's address of the listing.
export function listingNumberIn(q: string): number | null {
  const number = /^#?(\d{1,15})$/.exec(q.trim())?.[1] ?? /\/listing\/(\d{1,15})(?:[/?#]|$)/.exec(q)?.[1];
  return number === undefined ? null : Number(number);
}

export function matchesView(listing: Listing, view: Pick<ListingsView, "q" | "filter">) {
  if (!matchesQuestion(listing, view.filter)) return false;
  if (listingNumberIn(view.q) === listing.id) return true;
  const title = listing.title.toLocaleLowerCase();
  return view.q
    .toLocaleLowerCase()
    .split(/\s+/)
    .every((word) => title.includes(word));
}

// Made on the first sort, not at load: the editor imports this file only for its links.
let collator: Intl.Collator | undefined;
const compareTitles = (a: string, b: string) =>
  (collator ??= new Intl.Collator("en", { numeric: true, sensitivity: "base" })).compare(a, b);

function compareBy(sort: ListingSort) {
  const descending = sort.endsWith("-desc") || sort === "updated";
  const key = (listing: Listing) =>
    sort.startsWith("price") ? listing.priceAmount : sort.startsWith("updated") ? listing.updatedAt : undefined;
  return (a: Listing, b: Listing) => {
    // A title sort has no key: both are undefined, and the titles decide.
    const [x, y] = [key(a), key(b)];
    if (x !== y) {
      if (x === undefined) return 1;
      if (y === undefined) return -1;
      return descending ? y - x : x - y;
    }
    const byTitle = compareTitles(a.title, b.title);
    if (byTitle !== 0) return sort === "title-desc" ? -byTitle : byTitle;
    return a.id - b.id;
  };
}

export type ViewPage = {
  count: number;
  total: number;
  page: number;
  pages: number;
  listings: Listing[];
  /** The state's listings on the marketplace, when `total` are only the first of them (see VIEW_READS_IN_FULL). */
  partialOf?: number;
  /** The marketplace did not answer: these are the shop's mirror as the dashboard last read it, at `readAt` (ms). */
  keptCopy?: { readAt: number };
};

export function arrange(listings: Listing[], view: Omit<ListingsView, "state" | "page">): Listing[] {
  return listings.filter((listing) => matchesView(listing, view)).sort(compareBy(view.sort));
}

export function pageOfView(listings: Listing[], view: ListingsView, stateCount = listings.length): ViewPage {
  const matching = arrange(listings, view);
  const pages = Math.max(1, Math.ceil(matching.length / PAGE_SIZE));
  const page = Math.min(view.page, pages);
  return {
    count: matching.length,
    total: listings.length,
    page,
    pages,
    listings: matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    ...(stateCount > listings.length && { partialOf: stateCount }),
  };
}

export type StateCounts = Partial<Record<ListingState, number>>;

export type Neighbour = { id: number; title: string; page: number };
export type Neighbours = { position: number; count: number; previous: Neighbour | null; next: Neighbour | null };

export function neighboursIn(listings: Listing[], view: ListingsView, listingId: number): Neighbours | null {
  const matching = arrange(listings, view);
  const index = matching.findIndex((listing) => listing.id === listingId);
  if (index < 0) return null;
  const at = (position: number): Neighbour | null => {
    const listing = matching[position];
    return listing ? { id: listing.id, title: listing.title, page: Math.floor(position / PAGE_SIZE) + 1 } : null;
  };
  return { position: index + 1, count: matching.length, previous: at(index - 1), next: at(index + 1) };
}
