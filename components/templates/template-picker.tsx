"use client";

import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { fetchFromDashboard } from "@/lib/listings/query-keys";
import { templatesKey, type QuestionTemplate } from "@/lib/templates/template";
import { Button } from "../ui/button";

export function TemplatePicker<Values>({
  valuesOf,
  onPick,
}: {
  valuesOf: (template: QuestionTemplate) => Values | undefined;
  onPick: (values: Values) => void;
}) {
  const query = useQuery({
    queryKey: templatesKey,
    queryFn: () => fetchFromDashboard<QuestionTemplate[]>("/api/templates"),
  });
  const [chosen, setChosen] = useState("");
  const [picked, setPicked] = useState<string | null>(null);
  const id = useId();
  const usable = (query.data ?? []).flatMap((template) => {
    const values = valuesOf(template);
    return values === undefined ? [] : [{ template, values }];
  });
  if (query.isPending) return null;
  if (query.isError) return <p className="text-sm text-red-800">{query.error.message}</p>;
  if (usable.length === 0)
    return (
      <p className="text-sm text-stone-700">
        Tip: save a question as a template in a listing&apos;s editor to start from it here.
      </p>
    );

  const use = () => {
    const choice = usable.find((option) => option.template.id === chosen);
    if (!choice) return;
    onPick(choice.values);
    setPicked(choice.template.name);
  };
  return (
    <div className="rounded-lg bg-stone-50 p-3 text-stone-900 ring-1 ring-stone-200">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 grow">
          <label htmlFor={`${id}-template`} className="block text-sm font-medium">
            Start from a template
          </label>
          <select
            id={`${id}-template`}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
            className="mt-1 min-h-11 w-full rounded-md border border-stone-400 bg-white p-2"
          >
            <option value="">Choose a template…</option>
            {usable.map(({ template }) => (
              <option key={template.id} value={template.id}>
                {template.name}
              </option>
            ))}
          </select>
        </div>
        <Button onClick={use} disabled={!chosen} className="font-medium">
          Use template
        </Button>
      </div>
      <p role="status" className="mt-2 text-sm empty:hidden">
        {picked ? `Template “${picked}” is in the fields below. Review it, then continue.` : ""}
      </p>
    </div>
  );
}
