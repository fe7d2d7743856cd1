import { describe, expect, it } from "vitest";
import { isPageRequest, unavailablePage } from "./unavailable-page";

const request = (method: string, pathname: string) => ({ method, nextUrl: { pathname } });

describe("the page answered while the database is down", () => {
  it("is for a page's GET and HEAD only: not an API route, a file of public/ or an action's POST", () => {
    expect(isPageRequest(request("GET", "/listings"))).toBe(true);
    expect(isPageRequest(request("HEAD", "/listings/12"))).toBe(true);
    expect(isPageRequest(request("GET", "/api/listings"))).toBe(false);
    expect(isPageRequest(request("GET", "/favicon.ico"))).toBe(false);
    expect(isPageRequest(request("POST", "/listings/12"))).toBe(false);
  });

  it("holds the sentence, escaped, and no script", () => {
    const page = unavailablePage("The database <b>does not</b> answer & waits.");
    expect(page).toContain("The database &lt;b&gt;does not&lt;/b&gt; answer &amp; waits.");
    expect(page).not.toContain("<script");
  });
});
