import { request } from "node:http";

/**
 * A body of `bytes` zeros made up as it is sent, chunked (no Content-Length), `chunkBytes` at a time and `pauseMs`
 * apart, by a sender that keeps sending after the answer: it ends when the body does or when the server closes the
 * connection.
 */
export function chunkedUpload(
  url: URL,
  bytes: number,
  {
    method = "POST",
    headers = {},
    chunkBytes = 64 * 1024,
    pauseMs = 0,
  }: { method?: string; headers?: Record<string, string>; chunkBytes?: number; pauseMs?: number } = {},
) {
  return new Promise<{ status: number; body: string; sentBeforeAnswer: number; sent: number }>((resolve) => {
    const chunk = Buffer.alloc(chunkBytes);
    const answer = { status: 0, body: "", sentBeforeAnswer: Infinity };
    let sent = 0;
    const upload = request(url, { method, headers: { "content-type": "application/json", ...headers } }, (response) => {
      answer.status = response.statusCode ?? 0;
      answer.sentBeforeAnswer = sent;
      response.on("data", (part: Buffer) => (answer.body += part.toString()));
    });
    upload.on("error", () => {});
    upload.on("close", () => resolve({ ...answer, sent }));
    const send = () => {
      while (sent < bytes && !upload.destroyed) {
        sent += chunk.length;
        if (pauseMs > 0) {
          upload.write(chunk);
          return void setTimeout(send, pauseMs);
        }
        if (!upload.write(chunk)) return void upload.once("drain", send);
      }
      upload.end();
    };
    send();
  });
}
