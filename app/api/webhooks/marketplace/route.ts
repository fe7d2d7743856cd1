import { after, NextResponse, type NextRequest } from "next/server";
import { isDatabaseUnreachable } from "@/lib/db/outage";
import { env } from "@/lib/env";
import { mirror } from "@/lib/mirror/background";
import {
  DATABASE_DOWN_LATER,
  receiveWebhook,
  TOO_LARGE,
  WEBHOOK_BODY_MAX_BYTES,
  type WebhookAnswer,
} from "@/lib/webhooks/webhook";
import { processLater } from "@/lib/webhooks/process-later";
import { logger } from "@/lib/observability/logger";
import { readBodyUpTo } from "@/lib/security/limited-body";

// POST /api/webhooks/marketplace: the marketplace's listing and order webhooks (Standard Webhooks), registered with its
// signing secret.
export async function POST(request: NextRequest) {
  // Open to anyone, before any signature is checked: a body of any framing is cut off at the limit, never held whole.
  const body = await readBodyUpTo(request, WEBHOOK_BODY_MAX_BYTES);
  if (!body.ok) {
    after(body.cancel);
    return tooLarge();
  }
  const answer = await mirror()
    .then((shops) =>
      receiveWebhook(
        { body: Buffer.from(body.bytes).toString("utf8"), headers: request.headers },
        { secret: env().MARKETPLACE_WEBHOOK_SECRET, mirror: shops },
      ),
    )
    .catch((error: unknown): WebhookAnswer => {
      if (!isDatabaseUnreachable(error)) throw error;
      return { status: 503, error: DATABASE_DOWN_LATER };
    });
  const { event, log } = answer;
  if (answer.error) logger().warn({ msg: "webhook refused", status: answer.status, reason: answer.error });
  if (log) logger()[log.level](log);
  if (event) after(() => processLater(event));
  return answer.error
    ? NextResponse.json({ error: answer.error }, { status: answer.status })
    : new NextResponse(null, { status: answer.status });
}

function tooLarge() {
  logger().warn({ msg: "webhook refused", status: 413, reason: TOO_LARGE });
  return NextResponse.json({ error: TOO_LARGE }, { status: 413 });
}
