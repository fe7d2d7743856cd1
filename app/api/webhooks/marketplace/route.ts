import { after, NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { mirror, processLater } from "@/lib/mirror/background";
import { receiveWebhook, TOO_LARGE, WEBHOOK_BODY_MAX_BYTES } from "@/lib/mirror/webhook";
import { logger } from "@/lib/observability/logger";

// POST /api/webhooks/marketplace: the marketplace's listing webhooks (Standard Webhooks), registered with its signing secret.
export async function POST(request: NextRequest) {
  if (Number(request.headers.get("content-length")) > WEBHOOK_BODY_MAX_BYTES)
    return NextResponse.json({ error: TOO_LARGE }, { status: 413 });
  const answer = await receiveWebhook(
    { body: await request.text(), headers: request.headers },
    { secret: env().MARKETPLACE_WEBHOOK_SECRET, mirror: await mirror() },
  );
  const { event } = answer;
  if (answer.error) logger().warn({ msg: "webhook refused", status: answer.status, reason: answer.error });
  if (event) after(() => processLater(event));
  return answer.error
    ? NextResponse.json({ error: answer.error }, { status: answer.status })
    : new NextResponse(null, { status: answer.status });
}
