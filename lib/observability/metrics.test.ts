import { describe, expect, it } from "vitest";
import { routeOf } from "./metrics";

describe("routeOf", () => {
  it("drops the query, which may carry an OAuth code", () => {
    expect(routeOf("/api/auth/callback/marketplace?code=abc&state=xyz")).toBe("/api/auth/callback/marketplace");
  });

  it("turns listing ids and job ids into :id, so each route is one series", () => {
    expect(routeOf("/listings/1234567")).toBe("/listings/:id");
    expect(routeOf("/api/bulk-jobs/0b9e6c1e-4f7a-4c1e-9d2b-5a7f3e2c1d0a")).toBe("/api/bulk-jobs/:id");
    expect(routeOf("/api/listings/42/history")).toBe("/api/listings/:id/history");
  });

  it("counts every build asset under one route", () => {
    expect(routeOf("/_next/static/chunks/1jr_47vmjnv4a.css")).toBe("/_next/static/*");
  });
});
