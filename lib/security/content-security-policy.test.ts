import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, marketplaceImageOrigin } from "./content-security-policy";

const imgSrc = (csp: string) => csp.split("; ").find((directive) => directive.startsWith("img-src"));

describe("img-src: the dashboard's own images and the configured marketplace's image host, nothing else", () => {
  it("takes the origin of MARKETPLACE_IMAGE_URL when it is set", () => {
    const origin = marketplaceImageOrigin({
      MARKETPLACE_API_URL: "https://api.marketplace.example",
      MARKETPLACE_IMAGE_URL: "https://i.marketplace.example/some/path",
    });
    expect(imgSrc(contentSecurityPolicy("n", origin))).toBe("img-src 'self' data: https://i.marketplace.example");
  });

  it("falls back to the API's origin, where the sandbox serves its images", () => {
    const origin = marketplaceImageOrigin({ MARKETPLACE_API_URL: "http://localhost:4010/", MARKETPLACE_IMAGE_URL: "" });
    expect(imgSrc(contentSecurityPolicy("n", origin))).toBe("img-src 'self' data: http://localhost:4010");
  });

  it("adds no host when no marketplace is configured, and never a wildcard", () => {
    expect(imgSrc(contentSecurityPolicy("n", marketplaceImageOrigin({})))).toBe("img-src 'self' data:");
    expect(marketplaceImageOrigin({ MARKETPLACE_API_URL: "not a url" })).toBeNull();
  });
});
