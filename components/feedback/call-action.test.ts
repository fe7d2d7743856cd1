import { UnrecognizedActionError } from "next/dist/client/components/unrecognized-action-error";
import { expect, it } from "vitest";
import { callAction, isOlderPage } from "./call-action";

// What Next's client throws when the server answers x-nextjs-action-not-found (a build without this action).
const notFound = () => Promise.reject(new UnrecognizedActionError('Server Action "7f00" was not found on the server.'));

it("passes an action's own result through", async () => {
  expect(await callAction(async () => ({ ok: true as const, data: 1 }))).toEqual({ ok: true, data: 1 });
  expect(isOlderPage()).toBe(false);
});

it("turns an action the server no longer has into a failure saying to reload, and remembers the page is older", async () => {
  expect(await callAction(notFound)).toEqual({
    ok: false,
    olderPage: true,
    formError: "This page is from an older version of the dashboard. Reload it to go on; what you typed is kept.",
  });
  expect(isOlderPage()).toBe(true);
  expect(await callAction(notFound, "lost")).toMatchObject({
    formError:
      "This page is from an older version of the dashboard. Reload it to go on, then enter your changes again.",
  });
});

it("lets any other error through", async () => {
  await expect(callAction(() => Promise.reject(new Error("network down")))).rejects.toThrow("network down");
});
