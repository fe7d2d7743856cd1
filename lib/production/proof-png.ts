import { Resvg } from "@resvg/resvg-js";

/** The proof's SVG as a PNG at print resolution, rendered by resvg (an SVG's millimetres are 96 px to the inch). */
export function proofPng(svg: string, dpi = 300): Buffer {
  return new Resvg(svg, { fitTo: { mode: "zoom", value: dpi / 96 }, background: "#ffffff" }).render().asPng();
}
