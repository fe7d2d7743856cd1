// The carriers a shipment names, as the seller picks one in the form or a label tool writes it in a list. The value
// sent is the marketplace's carrier name; `other` is its word for a carrier it does not list (docs/marketplace.md §16.6).

export type Carrier = { value: string; label: string };

export const CARRIERS: readonly Carrier[] = [
  { value: "usps", label: "USPS" },
  { value: "ups", label: "UPS" },
  { value: "fedex", label: "FedEx" },
  { value: "dhl", label: "DHL" },
  { value: "canada-post", label: "Canada Post" },
  { value: "royal-mail", label: "Royal Mail" },
  { value: "australia-post", label: "Australia Post" },
  { value: "deutsche-post", label: "Deutsche Post" },
  { value: "la-poste", label: "La Poste" },
  { value: "other", label: "Another carrier" },
];

// How label tools write them: Pirate Ship and Shippo say "USPS", ShipStation "stamps_com" for USPS through Stamps.com.
const ALIASES: Record<string, string> = {
  "united states postal service": "usps",
  "us postal service": "usps",
  "stamps com": "usps",
  "usps first class": "usps",
  "usps priority": "usps",
  "usps ground advantage": "usps",
  "united parcel service": "ups",
  "federal express": "fedex",
  "dhl express": "dhl",
  "dhl ecommerce": "dhl",
  "dhl paket": "dhl",
  canadapost: "canada-post",
  royalmail: "royal-mail",
  auspost: "australia-post",
  colissimo: "la-poste",
};

const folded = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_.-]+/g, " ");

/** The carrier a typed or listed name means, or undefined when it is none the dashboard knows. */
export function carrierOf(text: string): Carrier | undefined {
  const name = folded(text);
  const value = ALIASES[name] ?? name.replace(/ /g, "-");
  return CARRIERS.find((carrier) => carrier.value === value || folded(carrier.label) === name);
}

export const KNOWN_CARRIERS = CARRIERS.filter((carrier) => carrier.value !== "other")
  .map((carrier) => carrier.label)
  .join(", ");
