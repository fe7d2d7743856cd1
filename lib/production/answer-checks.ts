import { checkText, type Finding } from "./checks";
import { fontOf, remembered } from "./kept-fonts";
import type { Profile } from "./profile-schema";

export type ProfileWithFont = Profile & { fontData: string };

/** Each listing's check of a text answer against its production profile; undefined for a listing without one. */
export function productionCheckOf(shopId: number, profiles: ReadonlyMap<number, ProfileWithFont>) {
  return (listingId: number): ((text: string) => Finding[]) | undefined => {
    const profile = profiles.get(listingId);
    if (!profile) return undefined;
    const kept = { shopId, ...profile };
    const font = fontOf(kept);
    if (!font) return undefined;
    return (text) => remembered(kept, text, () => checkText(font, profile, text));
  };
}
