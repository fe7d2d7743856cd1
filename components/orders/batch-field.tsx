/** A labelled text input of the queue's batch bar: what a move needs typed (a reason, a note, a tracking code). */
export function BatchField({
  label,
  value,
  onChange,
  maxLength,
  width,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  width: "w-40" | "w-48" | "w-64" | "w-72";
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <input
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={maxLength}
        className={`min-h-11 ${width} rounded-md border border-stone-400 bg-white px-3 text-sm md:min-h-9`}
      />
    </label>
  );
}
