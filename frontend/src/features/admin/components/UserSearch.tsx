import { InputGroup } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';
import { Rules } from '@stockroom/schema';

export interface UserSearchProps {
  text: string;
  onChange(text: string): void;
  /** Enter: search now rather than after the debounce. */
  onSubmit(): void;
}

export function UserSearch({ text, onChange, onSubmit }: UserSearchProps) {
  return (
    <div className="admin-toolbar" role="search" aria-label="Search users">
      <InputGroup
        className="admin-toolbar__search"
        type="search"
        leftIcon={<SearchIcon />}
        placeholder="Search by name or email"
        aria-label="Search users"
        maxLength={Rules.search.max}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSubmit();
        }}
      />
    </div>
  );
}
