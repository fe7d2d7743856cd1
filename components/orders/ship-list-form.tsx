"use client";

import { useId, useState, type FormEvent } from "react";
import { LIST_MAX_BYTES } from "@/lib/orders/shipment-list-bounds";
import { Button } from "../ui/button";

const TOO_LARGE = `That file is over ${LIST_MAX_BYTES / 1024} KB: ship it in parts of a few hundred orders.`;

/**
 * A day's tracking codes as a label tool exports them (docs/sellers.md): pasted, or read from a file in the browser
 * into the same box, so what is sent is what the seller sees.
 */
export function ShipListForm({
  list,
  setList,
  pending,
  onSend,
}: {
  list: string;
  setList: (list: string) => void;
  pending: boolean;
  onSend: () => void;
}) {
  const boxId = useId();
  const [fileError, setFileError] = useState<string | null>(null);
  const send = (event: FormEvent) => {
    event.preventDefault();
    onSend();
  };
  return (
    <details className="mt-2 rounded-lg bg-white p-3 text-sm ring-1 ring-stone-200">
      <summary className="min-h-11 cursor-pointer font-medium md:min-h-0">Ship from a list of tracking codes</summary>
      <form onSubmit={send} aria-label="Ship from a list" className="mt-2">
        <label htmlFor={boxId} className="block font-medium">
          One line per order: order number, carrier, tracking code
        </label>
        <p className="text-xs text-stone-700">
          As ShipStation, Pirate Ship or Shippo export it (CSV with or without its header), or pasted from a
          spreadsheet.
        </p>
        <textarea
          id={boxId}
          value={list}
          onChange={(event) => setList(event.target.value)}
          rows={5}
          spellCheck={false}
          className="mt-1 w-full max-w-2xl rounded-md border border-stone-400 bg-white p-2 font-mono text-xs"
        />
        <label className="mt-2 flex flex-col gap-1 font-medium">
          Or choose its file
          <input
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/plain"
            onChange={async (event) => {
              const file = event.target.files?.[0];
              if (!file) return;
              if (file.size > LIST_MAX_BYTES) return setFileError(TOO_LARGE);
              setFileError(null);
              setList(await file.text());
            }}
            className="text-sm"
          />
        </label>
        {fileError && (
          <p role="alert" className="mt-1 text-red-900">
            {fileError}
          </p>
        )}
        <Button type="submit" variant="primary" compact className="mt-2" aria-disabled={pending}>
          Ship the listed orders
        </Button>
      </form>
    </details>
  );
}
