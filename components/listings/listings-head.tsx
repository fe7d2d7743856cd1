/** The listings table's column headers, the first with the box that selects every listing on the page. */
export function ListingsHead({
  selectable,
  selected,
  onPage,
  onToggle,
}: {
  selectable: boolean;
  /** How many of the page's listings are selected. */
  selected: number;
  onPage: number;
  onToggle: (checked: boolean) => void;
}) {
  return (
    <thead className="bg-stone-100 text-stone-700">
      <tr>
        <th scope="col" className="px-2 py-2 font-medium md:w-[38%] md:px-4">
          {selectable ? (
            <span className="flex items-center gap-1 md:gap-2">
              <label className="flex h-11 w-11 shrink-0 cursor-pointer items-center justify-center md:h-6 md:w-6">
                <input
                  type="checkbox"
                  aria-label="Select all listings on this page"
                  className="h-4 w-4"
                  checked={selected === onPage}
                  ref={(box) => {
                    if (box) box.indeterminate = selected > 0 && selected < onPage;
                  }}
                  onChange={(event) => onToggle(event.target.checked)}
                />
              </label>
              Listing
            </span>
          ) : (
            "Listing"
          )}
        </th>
        <th scope="col" className="hidden px-4 py-2 font-medium md:table-cell">
          Buyers are asked
        </th>
        <th scope="col" className="hidden px-4 py-2 font-medium md:table-cell md:w-28">
          Required
        </th>
        <th scope="col" className="hidden px-4 py-2 font-medium md:table-cell md:w-32">
          Character limit
        </th>
      </tr>
    </thead>
  );
}
