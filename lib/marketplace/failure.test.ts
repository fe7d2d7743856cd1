import { describe, expect, it } from "vitest";
import { describeFailure, type MarketplaceFailure } from "./failure";

const away: MarketplaceFailure[] = [{ kind: "unavailable", status: 503 }, { kind: "unavailable" }, { kind: "timeout" }];

describe("describeFailure", () => {
  it("tells the change dialog to try again from the dialog, with nothing lost, never to reload", () => {
    for (const failure of [...away, { kind: "rate_limited", retryAfter: 5 } as const]) {
      const sentence = describeFailure(failure, "plan");
      expect(sentence).toMatch(/Nothing you chose here is lost: try again from this dialog in a (minute|moment)\.$/);
      expect(sentence).not.toMatch(/reload/i);
    }
  });

  it("tells a view with its own Try again to try again, in one sentence that never says to reload", () => {
    for (const failure of away) {
      const sentence = describeFailure(failure, "read");
      expect(sentence).toMatch(/so we could not read your listings: try again in a (minute|moment)\.$/);
      expect(sentence.match(/\.(\s|$)/g)).toHaveLength(1);
      expect(sentence).not.toMatch(/reload/i);
    }
  });

  it("keeps a page's own sentence: reload it", () => {
    expect(describeFailure({ kind: "unavailable", status: 500 }, "load")).toBe(
      "The marketplace is not answering right now (error 500), so we could not load this page. Reload the page in a minute.",
    );
  });
});
