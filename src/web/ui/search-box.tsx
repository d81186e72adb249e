import { Search } from 'lucide-react';
import { useId } from 'react';
import { SEARCH_TOO_SHORT } from '../lib/search-term';
import { Input } from './input';

/** A search field with its magnifier, and the server's 3-character rule said before asking. */
export function SearchBox({
  search,
  label,
  placeholder,
}: {
  /** What is typed and whether it is too short to send (useSearchInput). */
  search: { input: string; setInput: (value: string) => void; tooShort: boolean };
  /** The accessible name ('Search panels by email'). */
  label: string;
  placeholder: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const { tooShort } = search;
  return (
    <div className="w-full sm:max-w-xs">
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
          aria-hidden="true"
        />
        <Input
          id={id}
          type="search"
          value={search.input}
          onChange={(e) => search.setInput(e.target.value)}
          placeholder={placeholder}
          aria-label={label}
          aria-describedby={tooShort ? hintId : undefined}
          className="pl-9"
        />
      </div>
      {tooShort && (
        <p id={hintId} className="mt-1 text-xs text-amber-700 dark:text-amber-300">
          {SEARCH_TOO_SHORT}
        </p>
      )}
    </div>
  );
}
