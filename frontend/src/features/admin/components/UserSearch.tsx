import { SearchInput } from '../../../components/SearchInput';

export interface UserSearchProps {
  text: string;
  onChange(text: string): void;
  /** Enter: search now rather than after the debounce. */
  onSubmit(): void;
}

export function UserSearch({ text, onChange, onSubmit }: UserSearchProps) {
  return (
    <div className="admin-toolbar" role="search" aria-label="Search users">
      <SearchInput
        className="admin-toolbar__search"
        label="Search users"
        placeholder="Search by name or email"
        value={text}
        onChange={onChange}
        onSubmit={onSubmit}
      />
    </div>
  );
}
