import type { NextRequest } from "next/server";
import { parseListingsView } from "@/lib/listings/view";
import { readAsSeller } from "@/lib/api/seller-reads";
import { loadListingsPage } from "@/lib/listings/read";

export async function GET(request: NextRequest) {
  const view = parseListingsView(Object.fromEntries(request.nextUrl.searchParams));
  const fresh = request.nextUrl.searchParams.get("fresh") === "1";
  return readAsSeller((seller) => loadListingsPage(seller, view, { fresh }), "read");
}
