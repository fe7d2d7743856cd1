// What the request log keeps of a call's headers and bodies (docs/sandbox.md, "Exporting and verifying the calls"):
// every credential and buyer address is replaced by one marker as the call is kept, so no export can leak them.

export const REDACTED = "[redacted]";

const SECRET_HEADERS = new Set(["authorization", "x-api-key", "cookie", "set-cookie"]);

/** Fields whose value is a credential, wherever they appear: a query, a form, a JSON body. */
const SECRET_FIELDS = new Set([
  "access_token",
  "refresh_token",
  "legacy_token",
  "client_secret",
  "shared_secret",
  "client_id",
  "keystring",
  "api_key",
  "password",
  "code",
  "code_verifier",
  "secret",
]);

/** A buyer's address (a receipt, docs/marketplace.md §16): redacted in any object that carries one. */
const ADDRESS_FIELDS = ["name", "first_line", "second_line", "city", "state", "zip", "formatted_address"];
const BUYER_FIELDS = new Set(["buyer_email", "payment_email"]);

/** Collects each secret value met, so that the same text is scrubbed wherever else it shows (a URL, an HTML page). */
export class Redactor {
  private readonly secrets = new Set<string>();

  /** A secret value to scrub from every text of the call; short values are left, as they would match anything. */
  note(value: string | null | undefined) {
    if (value && value.length >= 6) this.secrets.add(value);
  }

  header(name: string, value: string) {
    if (!SECRET_HEADERS.has(name.toLowerCase())) return value;
    const credential = value.replace(/^(Bearer|Basic)\s+/i, "");
    this.note(credential);
    if (/^basic\s/i.test(value)) for (const part of decodeBasic(credential)) this.note(part);
    for (const part of credential.split(":")) this.note(part);
    return REDACTED;
  }

  /** A query or form: its pairs with each secret's value redacted. */
  pairs(params: URLSearchParams): [string, string][] {
    return [...params].map(([name, value]) => {
      if (!SECRET_FIELDS.has(name)) return [name, value];
      this.note(value);
      return [name, REDACTED];
    });
  }

  json(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.json(item));
    if (value === null || typeof value !== "object") return value;
    const object = value as Record<string, unknown>;
    const address = "first_line" in object || "formatted_address" in object;
    return Object.fromEntries(
      Object.entries(object).map(([key, field]) => {
        const secret = SECRET_FIELDS.has(key) || BUYER_FIELDS.has(key) || (address && ADDRESS_FIELDS.includes(key));
        if (!secret) return [key, this.json(field)];
        if (typeof field === "string") this.note(field);
        return [key, field === null ? null : REDACTED];
      }),
    );
  }

  /** A body by its type: JSON and forms field by field, any other text scrubbed of the secrets noted. */
  body(text: string, contentType: string): string {
    if (/json/i.test(contentType)) {
      try {
        return JSON.stringify(this.json(JSON.parse(text)));
      } catch {
        return this.scrub(text);
      }
    }
    if (/application\/x-www-form-urlencoded/i.test(contentType))
      return new URLSearchParams(this.pairs(new URLSearchParams(text))).toString();
    return this.scrub(text);
  }

  scrub(text: string): string {
    let scrubbed = text;
    for (const secret of this.secrets) {
      scrubbed = scrubbed.replaceAll(secret, REDACTED).replaceAll(encodeURIComponent(secret), REDACTED);
    }
    return scrubbed;
  }
}

function decodeBasic(credential: string): string[] {
  try {
    return Buffer.from(credential, "base64").toString("utf8").split(":");
  } catch {
    return [];
  }
}
