// A page proxy.ts answers in place of one Next cannot render for now: plain HTML with no script, so the 503's sentence
// needs neither the database nor the page's code.

const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function unavailablePage(sentence: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Unavailable · Personalization dashboard</title></head>
<body><main><h1>Personalization dashboard</h1><p role="alert">${escaped(sentence)}</p></main></body></html>`;
}

/** A page's address (not an API route, not a file of public/): GET and HEAD, which a browser sends to show a page. */
export function isPageRequest(request: { method: string; nextUrl: { pathname: string } }) {
  const { pathname } = request.nextUrl;
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    !pathname.startsWith("/api/") &&
    !/\.[a-z0-9]+$/i.test(pathname)
  );
}
