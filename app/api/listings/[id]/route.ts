import { NextResponse } from "next/server";
import { readAsSeller } from "@/lib/api/seller-reads";
import { loadListing } from "@/lib/listings/read";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const listingId = Number((await params).id);
  if (!Number.isSafeInteger(listingId) || listingId < 1)
    return NextResponse.json({ error: "That is not a listing number." }, { status: 400 });
  return readAsSeller((seller) => loadListing(seller, listingId));
}
