import { describe, expect, it } from "vitest";
import { openApiDocumentAt } from "../../sandbox/openapi/overlays.js";
import { compareDocuments, type Difference } from "./compare.js";
import { dashboardUsage } from "./dashboard-usage.js";
import type { Json } from "./schema-fields.js";

type Schema = { properties: Record<string, Json>; required?: string[] };
type Document = {
  paths: Record<
    string,
    Record<
      string,
      { operationId?: string; parameters?: Json[]; security?: Record<string, string[]>[]; responses?: Json }
    >
  >;
  components: { schemas: Record<string, Schema> };
};

const AUGUST = openApiDocumentAt("2026-08-31");
const copy = () => structuredClone(AUGUST) as unknown as Document;
const usage = await dashboardUsage();

const LEGACY = [
  "is_personalizable",
  "personalization_char_count_max",
  "personalization_instructions",
  "personalization_is_required",
];
const ECGT = [
  "ecgt_after_sales_service_info",
  "ecgt_garan_brand",
  "ecgt_garan_guarantee_details",
  "ecgt_garan_model",
  "ecgt_garan_years",
  "ecgt_other_commercial_guarantee_details",
  "ecgt_software_update_details",
];
const LISTING_WRITES = ["createDraftListing", "updateListing"];

const leaf = (path: string) => path.split(".").at(-1)!.replace("[]", "");
const where = (differences: Difference[], subject: Difference["subject"], change: Difference["change"]) =>
  differences.filter((difference) => difference.subject === subject && difference.change === change);
const pairs = (differences: Difference[]) =>
  differences.map((difference) => `${difference.operation?.id} ${difference.name}`).sort();
const cross = (operations: string[], names: string[]) =>
  operations.flatMap((operation) => names.map((name) => `${operation} ${name}`)).sort();
const compare = (published: Document) => compareDocuments(AUGUST, published as unknown as Json, usage);

describe("compareDocuments: what changed in a published OpenAPI document, for a client", () => {
  it("finds exactly September 2026's changes between the August document and the sandbox's overlays", () => {
    const differences = compareDocuments(AUGUST, openApiDocumentAt(), usage);

    const refused = where(differences, "request-field", "removed");
    expect(pairs(refused)).toEqual(cross(LISTING_WRITES, LEGACY));
    expect(refused.every((difference) => difference.class === "breaking" && !difference.usedByDashboard)).toBe(true);

    const guarantees = where(differences, "request-field", "added");
    expect(pairs(guarantees)).toEqual(cross(LISTING_WRITES, ECGT));
    expect(guarantees.every((difference) => difference.class === "additive")).toBe(true);

    const read = where(differences, "response-field", "added");
    const readers = [...new Set(read.map((difference) => difference.operation!.id))];
    expect(readers).toEqual(expect.arrayContaining([...LISTING_WRITES, "getListing", "getListingsByShop"]));
    for (const reader of readers)
      expect(
        read
          .filter((difference) => difference.operation!.id === reader)
          .map((d) => leaf(d.name))
          .sort(),
      ).toEqual([...ECGT, "ecgt_commercial_guarantee_enabled"].sort());
    expect(read.every((difference) => difference.class === "additive" && !difference.usedByDashboard)).toBe(true);

    const states = where(differences, "enum-value", "added");
    expect(states.every((difference) => difference.name === "removed")).toBe(true);
    const filter = states.filter((difference) => difference.in === "parameter state");
    expect(pairs(filter)).toEqual(["getListingsByShop removed"]);
    expect(filter[0]).toMatchObject({ class: "additive", usedByDashboard: true });
    const answers = states.filter((difference) => difference.in !== "parameter state");
    expect(
      answers.map((difference) => leaf(difference.in!.replace("response field ", ""))).every((f) => f === "state"),
    ).toBe(true);
    expect(answers.every((difference) => difference.class === "breaking")).toBe(true);
    expect(pairs(answers.filter((difference) => difference.usedByDashboard))).toEqual([
      "getListing removed",
      "getListingsByListingIds removed",
      "getListingsByShop removed",
    ]);

    expect(differences).toHaveLength(refused.length + guarantees.length + read.length + states.length);
  });

  it("finds only the four refused fields on 2026-09-06", () => {
    const differences = compareDocuments(AUGUST, openApiDocumentAt("2026-09-06"), usage);
    expect(pairs(differences)).toEqual(cross(LISTING_WRITES, LEGACY));
  });

  it("classes a removed response field the client reads as breaking where it reads it", () => {
    const published = copy();
    delete published.components.schemas.ShopListingWithAssociations!.properties.listing_id;
    const differences = compare(published);
    expect(differences.every((d) => d.class === "breaking" && d.subject === "response-field")).toBe(true);
    expect(pairs(differences.filter((d) => d.usedByDashboard))).toEqual([
      "getListing listing_id",
      "getListingsByListingIds results[].listing_id",
      "getListingsByShop results[].listing_id",
    ]);
  });

  it("follows $refs into nested objects and arrays of an answer", () => {
    const published = copy();
    const question = published.components.schemas[
      "Etsy_Modules_ListingPersonalization_Api_Resources_OpenApi_PersonalizationQuestion"
    ]!.properties.options as { items: Schema };
    delete question.items.properties.label;
    const used = compare(published).filter((d) => d.usedByDashboard);
    expect(pairs(used)).toEqual([
      "getListing personalization.personalization_questions[].options[].label",
      "getListingsByListingIds results[].personalization.personalization_questions[].options[].label",
      "getListingsByShop results[].personalization.personalization_questions[].options[].label",
      "updateListingPersonalization personalization_questions[].options[].label",
    ]);
    expect(used.every((d) => d.class === "breaking" && d.change === "removed")).toBe(true);
  });

  it("marks a removed response field as unused where only operations the client never calls return it", () => {
    const published = copy();
    delete published.components.schemas.ShopListing!.properties.listing_id;
    const differences = compare(published);
    expect(pairs(differences)).toContain("updateListing listing_id");
    expect(differences.every((d) => d.class === "breaking" && !d.usedByDashboard)).toBe(true);
  });

  it("classes an added optional field as additive", () => {
    const published = copy();
    published.components.schemas.ShopListingWithAssociations!.properties.gift_wrap = { type: "boolean" };
    const differences = compare(published);
    expect(differences.length).toBeGreaterThan(0);
    expect(differences.every((d) => d.class === "additive" && d.change === "added" && !d.usedByDashboard)).toBe(true);
  });

  it("classes what a request now needs as breaking, and what it may now leave out or widen as additive", () => {
    const published = copy();
    const byShop = published.paths["/v3/application/shops/{shop_id}/listings"]!.get!;
    byShop.parameters!.push({ name: "region", in: "query", required: true, schema: { type: "string" } });
    byShop.parameters!.push({ name: "locale", in: "query", required: false, schema: { type: "string" } });
    const limit = byShop.parameters!.find((parameter) => parameter.name === "limit")!;
    limit.schema = { type: "number" };
    byShop.security = [{ api_key: [], oauth2: ["listings_r", "shops_r"] }];
    const differences = compare(published).map(({ class: kind, change, subject, name, usedByDashboard }) => ({
      kind,
      change,
      subject,
      name,
      usedByDashboard,
    }));
    expect(differences).toEqual([
      { kind: "breaking", change: "added", subject: "parameter", name: "region", usedByDashboard: true },
      { kind: "breaking", change: "added", subject: "scope", name: "shops_r", usedByDashboard: true },
      { kind: "additive", change: "type-changed", subject: "parameter", name: "limit", usedByDashboard: true },
      { kind: "additive", change: "added", subject: "parameter", name: "locale", usedByDashboard: false },
    ]);
  });

  it("classes a narrowed request and a widened answer as breaking, and an enum value a client may send going away", () => {
    const published = copy();
    const body = published.paths["/v3/application/shops/{shop_id}/listings/{listing_id}/personalization"]!.post!;
    const question = (
      body as unknown as {
        requestBody: { content: { "application/json": { schema: { properties: Record<string, { items: Schema }> } } } };
      }
    ).requestBody.content["application/json"].schema.properties.personalization_questions!.items;
    question.properties.question_type = { type: "string", enum: ["text_input", "dropdown"] };
    question.properties.max_allowed_characters = { type: "string" };
    published.components.schemas.Shop!.properties.shop_name = { type: "string", nullable: true };
    const differences = compare(published).filter((d) => d.usedByDashboard);
    expect(differences.map((d) => [d.operation?.id, d.class, d.change, d.subject, d.name])).toEqual([
      ["getShop", "breaking", "type-changed", "response-field", "shop_name"],
      [
        "updateListingPersonalization",
        "breaking",
        "type-changed",
        "request-field",
        "personalization_questions[].max_allowed_characters",
      ],
      ["updateListingPersonalization", "breaking", "removed", "enum-value", "labeled_upload"],
      ["updateListingPersonalization", "breaking", "removed", "enum-value", "unlabeled_upload"],
    ]);
  });

  it("classes a removed operation and a scope no longer offered as breaking, a new operation as additive", () => {
    const published = copy();
    delete published.paths["/v3/application/users/me"];
    published.paths["/v3/application/shops/{shop_id}/gifts"] = { get: { operationId: "getGifts", responses: {} } };
    const oauth = (published.components as unknown as { securitySchemes: { oauth2: Json } }).securitySchemes.oauth2;
    delete (oauth as { flows: { authorizationCode: { scopes: Record<string, string> } } }).flows.authorizationCode
      .scopes.shops_r;
    expect(compare(published).map((d) => [d.class, d.change, d.subject, d.name, d.usedByDashboard])).toEqual([
      ["breaking", "removed", "scope", "shops_r", true],
      ["breaking", "removed", "operation", "getMe", true],
      ["additive", "added", "operation", "getGifts", false],
    ]);
  });
});
