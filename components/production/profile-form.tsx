"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { profileSchema, type Profile, type ProfileInput } from "@/lib/production/profile-schema";
import type { ActionResult } from "@/lib/actions/seller-action";
import { Button } from "../ui/button";

export type ListingChoice = { listingId: number; title: string };

type Props = {
  profile: Profile | null;
  listings: ListingChoice[];
  save: (input: ProfileInput) => Promise<ActionResult<Profile>>;
};

const base64Of = async (file: File) => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
};

const FIELD = "mt-1 block w-full rounded-md px-3 py-2 ring-1 ring-stone-300";

/** One production profile's form: the font made with, its capital height and area, capitals, the block list, listings. */
export function ProfileForm({ profile, listings, save }: Props) {
  const router = useRouter();
  const [message, setMessage] = useState<{ tone: "error" | "done"; text: string } | null>(null);
  const form = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      profileId: profile?.profileId ?? null,
      name: profile?.name ?? "",
      font: null,
      capHeightMm: profile?.capHeightMm ?? 5,
      widthMm: profile?.widthMm ?? 40,
      lines: profile?.lines ?? 1,
      capitals: profile?.capitals ?? false,
      blockList: profile?.blockList ?? "",
      listingIds: profile?.listingIds ?? [],
    },
  });
  const { register, formState, setValue, setError, control } = form;
  const chosen = useWatch({ control, name: "listingIds" });
  const errors = formState.errors;
  const id = profile ? `profile-${profile.profileId}` : "profile-new";

  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    const result = await save(values);
    if (!result.ok) {
      for (const [field, text] of Object.entries(result.fieldErrors ?? {}))
        setError(field as keyof ProfileInput, { message: text });
      return setMessage({ tone: "error", text: result.formError });
    }
    setMessage({
      tone: "done",
      text: `Saved “${result.data.name}”: the open items of its listings are checked again.`,
    });
    if (!profile) form.reset();
    router.refresh();
  });

  const error = (text: string | undefined) => text && <span className="block text-sm text-red-800">{text}</span>;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={profile ? `Profile ${profile.name}` : "New profile"}
      className="space-y-4 rounded-xl bg-white p-5 ring-1 ring-stone-200"
    >
      <label className="block">
        Name
        <input {...register("name")} className={FIELD} />
        {error(errors.name?.message)}
      </label>
      <label className="block">
        Font file (TTF, OTF, WOFF or WOFF2){profile && <span className="text-stone-700">: now {profile.fontName}</span>}
        <input
          type="file"
          accept=".ttf,.otf,.woff,.woff2,font/*"
          className={FIELD}
          onChange={async (event) => {
            const file = event.target.files?.[0];
            setValue("font", file ? { fileName: file.name, base64: await base64Of(file) } : null, {
              shouldValidate: true,
            });
          }}
        />
        {error(errors.font?.base64?.message ?? errors.font?.message)}
      </label>
      <div className="grid gap-4 sm:grid-cols-3">
        <label className="block">
          Capital height (mm)
          <input type="number" step="0.1" {...register("capHeightMm", { valueAsNumber: true })} className={FIELD} />
          {error(errors.capHeightMm?.message)}
        </label>
        <label className="block">
          Area width (mm)
          <input type="number" step="0.1" {...register("widthMm", { valueAsNumber: true })} className={FIELD} />
          {error(errors.widthMm?.message)}
        </label>
        <label className="block">
          Lines
          <input type="number" step="1" {...register("lines", { valueAsNumber: true })} className={FIELD} />
          {error(errors.lines?.message)}
        </label>
      </div>
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" {...register("capitals")} className="size-5" /> Made in capitals only
      </label>
      <label className="block">
        Block list (one word or phrase a line; any case, accents and look-alike letters match)
        <textarea rows={3} {...register("blockList")} className={FIELD} />
        {error(errors.blockList?.message)}
      </label>
      <fieldset>
        <legend>Used for the listings</legend>
        {listings.length === 0 && (
          <p className="text-sm text-stone-700">No listings are kept yet: open Listings first.</p>
        )}
        {listings.map((listing) => (
          <label key={listing.listingId} className="flex min-h-11 items-center gap-2 md:min-h-8">
            <input
              type="checkbox"
              checked={chosen.includes(listing.listingId)}
              onChange={(event) =>
                setValue(
                  "listingIds",
                  event.target.checked
                    ? [...chosen, listing.listingId]
                    : chosen.filter((listingId) => listingId !== listing.listingId),
                  { shouldDirty: true, shouldValidate: true },
                )
              }
              className="size-5 md:size-4"
            />
            {listing.title} <span className="text-stone-600">({listing.listingId})</span>
          </label>
        ))}
        {error(errors.listingIds?.message)}
      </fieldset>
      <Button type="submit" variant="primary" disabled={formState.isSubmitting} aria-describedby={`${id}-message`}>
        {profile ? "Save profile" : "Add profile"}
      </Button>
      <p
        id={`${id}-message`}
        role={message?.tone === "error" ? "alert" : "status"}
        className={message?.tone === "error" ? "text-red-800" : "text-green-900"}
      >
        {message?.text}
      </p>
    </form>
  );
}
