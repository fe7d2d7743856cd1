import type { Hono } from "hono";
import { jsonError, type Ctx, type SandboxEnv } from "../http.js";
import { getListingRow, updateListingFields } from "../store/listing-store.js";
import { listingJson, type ListingRow } from "../store/listing-json.js";
import { PHASE_STARTS } from "../phases.js";
import { shopManagerDelete, shopManagerEdit } from "../api/shop-manager.js";

/** A listing as the marketplace's own Shop Manager changes it: GET, PATCH, DELETE /listings/:id, POST …/remove. */
export function listingControlRoutes(routes: Hono<SandboxEnv>) {
  routes.patch("/listings/:listing_id{[0-9]+}", (c) => shopManagerEdit(c, Number(c.req.param("listing_id"))));
  routes.delete("/listings/:listing_id{[0-9]+}", (c) => shopManagerDelete(c, Number(c.req.param("listing_id"))));

  const listingView = (c: Ctx, row: ListingRow) =>
    c.json(
      listingJson(c.get("state").db, row, {
        includes: ["Personalization"],
        legacy: c.get("state").legacyFieldsShown,
        guarantees: c.get("state").guaranteeFieldsShown,
      }),
    );
  routes.get("/listings/:listing_id{[0-9]+}", (c) => {
    const row = getListingRow(c.get("state").db, Number(c.req.param("listing_id")));
    return row ? listingView(c, row) : jsonError(c, 404, "No such listing.");
  });
  // docs/marketplace.md §18: the marketplace itself removes a listing; PATCH with a state brings it back.
  routes.post("/listings/:listing_id{[0-9]+}/remove", (c) => {
    const state = c.get("state");
    const row = getListingRow(state.db, Number(c.req.param("listing_id")));
    if (!row) return jsonError(c, 404, "No such listing.");
    if (!state.reached("eu-guarantees"))
      return jsonError(
        c,
        409,
        `The marketplace has no removed state before ${PHASE_STARTS["eu-guarantees"]}: move the clock to that date or pin the phase eu-guarantees first.`,
      );
    if (row.state !== "removed") {
      updateListingFields(state.db, row.listing_id, { state: "removed" }, state.now());
      state.webhooks.listingChanged("listing.updated", row.listing_id);
    }
    const removed = getListingRow(state.db, row.listing_id);
    return removed ? listingView(c, removed) : jsonError(c, 404, "No such listing.");
  });
}
