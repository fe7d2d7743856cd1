// The bench's webhook sender: each delivery is signed before the clock starts and sent with node:http over keep-alive
// sockets. The sender shares the machine's two cores with the dashboard, and fetch (undici) cost it about 2.5x the CPU
// of node:http, time that showed up in the dashboard's answers.
import { randomUUID } from "node:crypto";
import { Agent, request } from "node:http";
import { Webhook } from "standardwebhooks";

export type SignedDelivery = { body: string; headers: Record<string, string> };
export type DeliveryAnswer = { status: number; ms: number };

/** Keep-alive sockets to the endpoint: at most `sockets` open at once (a sender's connections), or as many as asked. */
export const senderConnections = (sockets = Infinity) => new Agent({ keepAlive: true, maxSockets: sockets });

export function webhookSender(endpoint: string, secret: string, shopId: number | null) {
  const url = new URL(endpoint);
  const signer = new Webhook(secret);

  const sign = (listingId: number): SignedDelivery => {
    const id = `msg_${randomUUID()}`;
    const at = new Date();
    const body = JSON.stringify({
      event_type: "listing.updated",
      resource_url: `https://openapi.etsy.com/v3/application/listings/${listingId}`,
      shop_id: shopId,
    });
    return {
      body,
      headers: {
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(body)),
        "webhook-id": id,
        "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
        "webhook-signature": signer.sign(id, at, body),
      },
    };
  };

  const send = (delivery: SignedDelivery, agent: Agent) =>
    new Promise<DeliveryAnswer>((resolve, reject) => {
      const started = performance.now();
      const sent = request(
        {
          hostname: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          headers: delivery.headers,
          agent,
        },
        (response) => {
          response.resume();
          response.on("end", () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
        },
      );
      sent.on("error", reject);
      sent.end(delivery.body);
    });

  return { sign, send };
}
