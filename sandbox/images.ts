import { Hono } from "hono";
import type { SandboxState } from "./state.js";
import { IMAGE_SIZES, listingImageSvg } from "./store/listing-store.js";

const IMAGE_FILE = /^il_(75x75|170x135|570xN|fullxfull)\.svg$/;

/**
 * The listings' photos at the URLs their `images` give, as the marketplace's image host serves them: no API key, rate
 * limit, injected fault or request-log entry, so a page of thumbnails never counts as API calls.
 */
export function imageRoutes(state: SandboxState) {
  const app = new Hono();
  app.get("/:imageId/:file", (c) => {
    const size = IMAGE_FILE.exec(c.req.param("file"))?.[1] as keyof typeof IMAGE_SIZES | undefined;
    const imageId = Number(c.req.param("imageId"));
    const svg = size && Number.isSafeInteger(imageId) ? listingImageSvg(state.db, imageId, size) : null;
    if (svg === null) return c.text("No such image.", 404);
    return c.body(svg, 200, {
      "content-type": "image/svg+xml",
      "cache-control": "public, max-age=86400",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
    });
  });
  return app;
}
