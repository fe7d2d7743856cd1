import { NextResponse } from "next/server";
import { orderReaderOrRefusal } from "@/lib/api/seller-reads";
import { itemProof } from "@/lib/orders/item-proof";
import { proofPng } from "@/lib/production/proof-png";

type Params = { params: Promise<{ receiptId: string; itemId: string }> };

// GET /api/production/proof/{receipt_id}/{item_id}[?download=1][&format=png]: the item's proof as SVG (or PNG at 300
// dpi), for the seller whose order it is.
export async function GET(request: Request, { params }: Params) {
  const seller = await orderReaderOrRefusal();
  if (seller instanceof NextResponse) return seller;
  const { receiptId, itemId } = await params;
  if (!/^[1-9][0-9]{0,15}$/.test(receiptId) || !/^[1-9][0-9]{0,15}(-r[1-9][0-9]{0,3})?$/.test(itemId))
    return NextResponse.json({ error: "That is not an item of the queue." }, { status: 400 });
  const proof = await itemProof({ userId: seller.userId, shopId: seller.shopId }, Number(receiptId), itemId);
  if (!proof.ok) return NextResponse.json({ error: proof.error }, { status: proof.status });
  const query = new URL(request.url).searchParams;
  const download = query.has("download");
  const png = query.get("format") === "png";
  return new NextResponse(png ? new Uint8Array(proofPng(proof.svg)) : proof.svg, {
    headers: {
      "content-type": png ? "image/png" : "image/svg+xml; charset=utf-8",
      "cache-control": "private, no-store",
      // An SVG is a document: served with no script and no outside load, whatever it holds.
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
      ...(download && {
        "content-disposition": `attachment; filename="proof-${receiptId}-${itemId}.${png ? "png" : "svg"}"`,
      }),
    },
  });
}
