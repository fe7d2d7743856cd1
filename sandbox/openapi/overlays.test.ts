import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { applyOverlays, OVERLAYS, openApiDocumentAt, type OpenApiDocument } from "./overlays.js";

type Schema = { properties: Record<string, { type?: string; nullable?: boolean; enum?: string[] }> };
type Parameter = { name: string; schema: { enum?: string[] } };
type Document = {
  paths: Record<string, Record<string, { requestBody?: unknown; parameters?: Parameter[] }>>;
  components: { schemas: Record<string, Schema> };
};

const VENDOR = JSON.parse(readFileSync(new URL("../etsy-oas-3.0.0.json", import.meta.url), "utf8")) as Document;
const CREATE = ["/v3/application/shops/{shop_id}/listings", "post"] as const;
const UPDATE = ["/v3/application/shops/{shop_id}/listings/{listing_id}", "patch"] as const;
const LEGACY = [
  "is_personalizable",
  "personalization_is_required",
  "personalization_char_count_max",
  "personalization_instructions",
];
const ECGT_TEXT = [
  "ecgt_garan_brand",
  "ecgt_garan_model",
  "ecgt_garan_guarantee_details",
  "ecgt_other_commercial_guarantee_details",
  "ecgt_after_sales_service_info",
  "ecgt_software_update_details",
];

const at = (date?: string) => openApiDocumentAt(date) as unknown as Document;
const body = (document: Document, [path, method]: readonly [string, string]) =>
  (
    document.paths[path]?.[method]?.requestBody as {
      content: Record<string, { schema: Schema & { required?: string[] } }>;
    }
  ).content["application/x-www-form-urlencoded"]!.schema;
const stateFilter = (document: Document) =>
  document.paths["/v3/application/shops/{shop_id}/listings"]?.get?.parameters?.find((p) => p.name === "state");

describe("the OpenAPI document's dated overlays", () => {
  it("lists the overlays in date order", () => {
    const dates = OVERLAYS.map((overlay) => overlay.date);
    expect(dates).toEqual(["2026-09-06", "2026-09-21"]);
    expect([...dates].sort()).toEqual(dates);
  });

  it("is the vendor's document before the first overlay's date", () => {
    expect(at("2026-09-05")).toEqual(VENDOR);
    expect(at("2026-08-20T12:00:00Z")).toEqual(VENDOR);
  });

  it("drops the four legacy personalization fields from both listing bodies from 2026-09-06", () => {
    for (const operation of [CREATE, UPDATE]) {
      for (const field of LEGACY) expect(body(VENDOR, operation).properties).toHaveProperty(field);
      const schema = body(at("2026-09-06"), operation);
      for (const field of LEGACY) expect(schema.properties).not.toHaveProperty(field);
      for (const field of LEGACY) expect(schema.required ?? []).not.toContain(field);
      expect(schema.properties).not.toHaveProperty("ecgt_garan_brand");
    }
    expect(stateFilter(at("2026-09-20"))?.schema.enum).not.toContain("removed");
  });

  it("adds the EU guarantee fields and the removed state from 2026-09-21", () => {
    const document = at("2026-09-21");
    for (const operation of [CREATE, UPDATE]) {
      const schema = body(document, operation);
      for (const field of ECGT_TEXT) expect(schema.properties[field]).toMatchObject({ type: "string", nullable: true });
      expect(schema.properties.ecgt_garan_years).toMatchObject({ type: "integer", nullable: true });
      for (const field of LEGACY) expect(schema.properties).not.toHaveProperty(field);
    }
    for (const name of ["ShopListing", "ShopListingWithAssociations"]) {
      const read = document.components.schemas[name]!;
      for (const field of [...ECGT_TEXT, "ecgt_garan_years"]) expect(read.properties[field]?.nullable).toBe(true);
      expect(read.properties.state?.enum).toContain("removed");
      expect(read.properties).toHaveProperty("is_personalizable");
    }
    expect(stateFilter(document)?.schema.enum).toContain("removed");
    expect(body(document, UPDATE).properties.state?.enum).toEqual(["active", "inactive"]);
  });

  it("applies every overlay without a date", () => {
    expect(at()).toEqual(at("2026-12-31"));
  });

  it("gives each caller its own copy", () => {
    const mine = at("2026-09-21");
    mine.components.schemas.ShopListing!.properties.title = { type: "number" };
    expect(at("2026-09-21").components.schemas.ShopListing!.properties.title?.type).toBe("string");
    expect(VENDOR.components.schemas.ShopListing!.properties.title?.type).toBe("string");
  });

  it("names the file and the operation of a patch that no longer applies", () => {
    const stale = { ...OVERLAYS[0]!, patch: [{ op: "remove", path: "/paths/~1nowhere/get" }] as const };
    expect(() => applyOverlays(VENDOR as unknown as OpenApiDocument, [stale])).toThrow(
      /^sandbox\/openapi\/2026-09-06\.patch\.json no longer applies: operation 0 \(remove \/paths\/~1nowhere\/get\)/,
    );
  });

  it("refuses a date it cannot read", () => {
    expect(() => openApiDocumentAt("September")).toThrow(/YYYY-MM-DD/);
  });
});
