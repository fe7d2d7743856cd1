import type { NextRequest } from "next/server";
import { parseListingsView } from "@/lib/listings/view";
import { readAsSeller } from "@/lib/api/seller-reads";
import { loadNeighbours } from "@/lib/listings/read";

export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  const listingId = Number((await params).id);
  const view = parseListingsView(Object.fromEntries(request.nextUrl.searchParams));
  return readAsSeller((seller) => loadNeighbours(seller, view, listingId));
}
