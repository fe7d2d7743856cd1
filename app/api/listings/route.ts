import type { NextRequest } from "next/server";
import { parseListingsSearch } from "@/lib/listing-queries";
import { loadListingsPage, readAsSeller } from "@/lib/listings";

export async function GET(request: NextRequest) {
  const { state, page } = parseListingsSearch(Object.fromEntries(request.nextUrl.searchParams));
  return readAsSeller((seller) => loadListingsPage(seller, state, page));
}
