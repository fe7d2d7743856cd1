import { z } from "zod";

// The production profile's form, one schema for the browser's form and the server's action.

/** The largest font file kept: engraving fonts are tens of kilobytes, a whole-script family a few hundred. */
export const FONT_MAX_BYTES = 600_000;
export const PROFILE_LISTINGS_MAX = 500;
export const BLOCK_LIST_MAX = 5000;

const millimetres = (what: string, max: number) =>
  z
    .number({ error: `Give the ${what} in millimetres.` })
    .min(0.5, `The ${what} must be at least 0.5 mm.`)
    .max(max, `The ${what} must be at most ${max} mm.`);

export const profileSchema = z.object({
  profileId: z.int().positive().nullable(),
  name: z
    .string()
    .trim()
    .min(1, "Name the profile, say “Brass tag, script”.")
    .max(80, "Keep the name under 80 characters."),
  /** The font file in base64; absent when the profile keeps its font. */
  font: z
    .object({
      fileName: z.string().max(200),
      base64: z
        .string()
        .max(Math.ceil(FONT_MAX_BYTES / 3) * 4, `The font file must be at most ${FONT_MAX_BYTES / 1000} KB.`),
    })
    .nullable(),
  capHeightMm: millimetres("capital height", 200),
  widthMm: millimetres("width of the area", 2000),
  lines: z
    .int({ error: "Give the number of lines as a whole number." })
    .min(1, "At least one line.")
    .max(20, "At most 20 lines."),
  capitals: z.boolean(),
  blockList: z.string().max(BLOCK_LIST_MAX, `Keep the block list under ${BLOCK_LIST_MAX} characters.`),
  listingIds: z
    .array(z.int().positive())
    .max(PROFILE_LISTINGS_MAX, `A profile may be used for at most ${PROFILE_LISTINGS_MAX} listings.`),
});

export type ProfileInput = z.infer<typeof profileSchema>;

/** A profile as kept, without its font file. */
export type Profile = Omit<ProfileInput, "font" | "profileId"> & {
  profileId: number;
  fontName: string;
  version: number;
};
