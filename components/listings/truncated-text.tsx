const LONG = 60;

export function TruncatedText({ text, className = "" }: { text: string; className?: string }) {
  if (text.length <= LONG) return <span className={className}>{text}</span>;
  return (
    <span tabIndex={0} className={`group relative block rounded-sm ${className}`}>
      <span className="line-clamp-2">{text}</span>
      <span
        aria-hidden="true"
        className="invisible absolute top-full left-0 z-20 mt-1 w-72 max-w-[80vw] rounded-md bg-stone-900 p-2 text-xs whitespace-pre-wrap text-white shadow-lg group-hover:visible group-focus:visible"
      >
        {text}
      </span>
    </span>
  );
}
