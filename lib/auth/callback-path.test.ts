import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "./callback-path";

describe("safeCallbackPath: a callbackUrl never leaves the dashboard's origin", () => {
  const kept: Array<[string, string]> = [
    ["/listings", "/listings"],
    ["/listings?state=inactive&page=2", "/listings?state=inactive&page=2"],
    ["/listings/1000000001#editor", "/listings/1000000001#editor"],
    ["/%09/evil.example", "/%09/evil.example"],
  ];
  for (const [value, path] of kept) {
    it(`keeps the same-site path ${JSON.stringify(value)}`, () => expect(safeCallbackPath(value)).toBe(path));
  }

  const refused = [
    "https://evil.example/",
    "http:evil.example",
    "//evil.example/",
    "/\\evil.example/",
    "/\t/evil.example/",
    "/\n/evil.example/",
    "/\r\n/evil.example/",
    "/.//evil.example/",
    "/a/..//evil.example/",
    "///evil.example/",
    " /listings",
    "",
  ];
  for (const value of refused) {
    it(`refuses ${JSON.stringify(value)}, which a browser would read as another origin or not as a path`, () =>
      expect(safeCallbackPath(value)).toBe("/listings"));
  }

  it("refuses what is not a string (a repeated query parameter, a missing form field)", () => {
    expect(safeCallbackPath(["/listings/5"])).toBe("/listings");
    expect(safeCallbackPath(null)).toBe("/listings");
    expect(safeCallbackPath(undefined, "/")).toBe("/");
  });

  it("sends on the path as a browser normalizes it, so a header never carries a control character", () => {
    expect(safeCallbackPath("/list\tings")).toBe("/listings");
    expect(safeCallbackPath("/é")).toBe("/%C3%A9");
  });
});
