import { expect, test, type Page } from "@playwright/test";
import { openGiftNoteEditor, saved } from "./editor";
import {
  control,
  lastRequestId,
  requestsSince,
  storedListing,
  type TestSeller,
  faultQuestionWrites,
  personalizationPath,
} from "./sandbox-control";

const history = (page: Page) => page.getByRole("region", { name: "History" });
const storedQuestions = async (listingId: number) =>
  (await storedListing(listingId)).personalization.personalization_questions;
const GIFT_NOTE = "Put back: “Gift note”, optional, up to 200 characters";

/** The listing's own requests since `id`: each personalization POST with its status, and each read of the listing. */
async function listingRequestsSince(id: number, seller: TestSeller, listingId: number) {
  return (await requestsSince(id)).flatMap((entry) => {
    if (entry.method === "POST" && entry.path === personalizationPath(seller, listingId))
      return [`POST ${entry.status}`];
    if (entry.method === "GET" && entry.path === `/v3/application/listings/${listingId}`) return ["GET"];
    return [];
  });
}

/** A listing that asked "Gift note", changed to "Name to engrave" in the editor: its history can put "Gift note" back. */
async function editedListing(page: Page) {
  const { seller, listingId, form } = await openGiftNoteEditor(page);
  await form.instructions.fill("Name to engrave");
  await form.save.click();
  await expect(saved(page)).toBeVisible();
  return { seller, listingId };
}

test("a single 503 on 'Put back' is retried by itself after reading the listing back, and the listing holds the version once", async ({
  page,
}) => {
  const { seller, listingId } = await editedListing(page);
  await faultQuestionWrites(seller, listingId, { status: 503, times: 1 });
  const before = await lastRequestId();

  await history(page).getByRole("button", { name: GIFT_NOTE }).click();
  await expect(page.getByRole("status").filter({ hasText: "Put back." })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Not put back" })).toHaveCount(0);
  // The read after the 503 checks whether the write landed after all before it is sent again.
  const requests = await listingRequestsSince(before, seller, listingId);
  expect(requests.slice(0, requests.indexOf("POST 201") + 1)).toEqual(["GET", "POST 503", "GET", "GET", "POST 201"]);
  expect(await storedQuestions(listingId)).toEqual([
    expect.objectContaining({ instructions: "Gift note", max_allowed_characters: 200, required: false }),
  ]);
});

test("a 5xx on 'Put back' that lasts is retried a bounded number of times, then says Not put back and changes nothing", async ({
  page,
}) => {
  const { seller, listingId } = await editedListing(page);
  await faultQuestionWrites(seller, listingId, { status: 503, times: 5 });
  const before = await lastRequestId();

  await history(page).getByRole("button", { name: GIFT_NOTE }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Not put back." })).toContainText("error 503");
  const requests = await listingRequestsSince(before, seller, listingId);
  expect(requests.filter((request) => request.startsWith("POST"))).toEqual(["POST 503", "POST 503", "POST 503"]);
  expect(await storedQuestions(listingId)).toEqual([
    expect.objectContaining({ instructions: "Name to engrave", max_allowed_characters: 200, required: false }),
  ]);
  await control("/faults", undefined, "DELETE");
});
