import { InputGroup } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';
import { Rules } from '@stockroom/schema';

export interface SearchInputProps {
  /** The accessible name, e.g. 'Search products'. */
  label: string;
  placeholder: string;
  className?: string;
  value: string;
  onChange(text: string): void;
  /** Enter: search now rather than after the debounce. */
  onSubmit(): void;
}

/** A list's search box: no longer than the shared search rule allows, Enter searches at once. */
export function SearchInput({ label, placeholder, className, value, onChange, onSubmit }: SearchInputProps) {
  return (
    <InputGroup
      className={className}
      type="search"
      leftIcon={<SearchIcon />}
      placeholder={placeholder}
      aria-label={label}
      maxLength={Rules.search.max}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSubmit();
      }}
    />
  );
}
