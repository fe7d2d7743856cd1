import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { Ctx } from "../http.js";
import { SCOPES } from "../scopes.js";

type Markup = HtmlEscapedString | Promise<HtmlEscapedString>;

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f6f5f2;color:#1f1f1f}
main{max-width:30rem;margin:3rem auto;background:#fff;padding:2rem;border-radius:12px;box-shadow:0 1px 4px #0002}
main.wide{max-width:64rem}
h1{font-size:1.5rem;margin-top:0}label{display:block;font-weight:600;margin-top:1rem}
input[type=email],input[type=password]{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #767676;border-radius:6px;font-size:1rem}
button{margin-top:1.5rem;padding:.6rem 1.2rem;border-radius:6px;border:1px solid #222;font-size:1rem;cursor:pointer;background:#fff}
button.primary{background:#f1641e;border-color:#b8420b;color:#000}
:focus-visible{outline:3px solid #1a5fb4;outline-offset:2px}
.alert{background:#fdecea;border:1px solid #b3261e;padding:.75rem;border-radius:6px}
fieldset{border:1px solid #ccc;border-radius:6px;margin-top:1rem}fieldset label{font-weight:400;margin-top:.4rem}
table{border-collapse:collapse;width:100%;font-size:.875rem}th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #ddd}
code{background:#f0f0f0;padding:0 .25rem;border-radius:4px}.muted{color:#555}`;

export const PAGE_HEADERS = {
  "cache-control": "no-store",
  pragma: "no-cache",
  "x-frame-options": "DENY",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
};

export function page(c: Ctx, status: number, title: string, body: Markup, wide = false) {
  const markup = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · Marketplace sandbox</title>
        <style>
          ${raw(STYLE)}
        </style>
      </head>
      <body>
        <main class="${wide ? "wide" : ""}">${body}</main>
      </body>
    </html>`;
  return c.html(markup, status as 200, PAGE_HEADERS);
}

export function errorPage(c: Ctx, title: string, message: string, status = 400) {
  return page(
    c,
    status,
    title,
    html`<h1>${title}</h1>
      <p role="alert" class="alert">${message}</p>
      <p>You were not sent back to the application. Close this page and tell the application's developer.</p>`,
  );
}

export function signInPage(
  c: Ctx,
  props: { appName: string; interaction: string; csrf: string; email?: string; error?: string },
  status = 200,
) {
  return page(
    c,
    status,
    "Sign in",
    html`<h1>Sign in to the marketplace</h1>
      <p><strong>${props.appName}</strong> wants to connect to your account.</p>
      ${props.error ? html`<p role="alert" class="alert" id="sign-in-error">${props.error}</p>` : ""}
      <form method="post" action="${c.get("state").base}/oauth/sign-in">
        <input type="hidden" name="interaction" value="${props.interaction}" />
        <input type="hidden" name="csrf" value="${props.csrf}" />
        <label for="email">Email</label>
        <input
          id="email"
          name="email"
          type="email"
          autocomplete="username"
          required
          autofocus
          value="${props.email ?? ""}"
          ${props.error ? raw('aria-describedby="sign-in-error"') : ""}
        />
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
        <button class="primary" type="submit">Sign in</button>
      </form>
      <p class="muted">
        Sandbox: the demo sellers and their passwords are listed on the <a href="${c.get("state").base}/">sandbox home page</a>.
      </p>`,
    false,
  );
}

export function consentPage(
  c: Ctx,
  props: { appName: string; interaction: string; csrf: string; email: string; scopes: string[] },
) {
  return page(
    c,
    200,
    "Allow access",
    html`<h1>Allow ${props.appName} to access your account?</h1>
      <p>You are signed in as <strong>${props.email}</strong>.</p>
      <form method="post" action="${c.get("state").base}/oauth/consent">
        <input type="hidden" name="interaction" value="${props.interaction}" />
        <input type="hidden" name="csrf" value="${props.csrf}" />
        <fieldset>
          <legend>${props.appName} will be able to:</legend>
          ${props.scopes.map(
            (scope) =>
              html`<label><input type="checkbox" name="scope" value="${scope}" checked /> ${SCOPES[scope] ?? scope} <code>${scope}</code></label>`,
          )}
        </fieldset>
        <button class="primary" type="submit" name="decision" value="allow">Allow access</button>
        <button type="submit" name="decision" value="deny">Deny</button>
      </form>`,
  );
}
