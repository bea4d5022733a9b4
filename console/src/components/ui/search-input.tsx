import { useId } from 'react';
import { CloseIcon, SearchIcon } from './icons';

interface SearchInputProps {
  value: string;
  onChange(value: string): void;
  /** Enter pressed. */
  onSearch(value: string): void;
  /** The clear button; when absent, clearing only empties the box. */
  onClear?(): void;
  placeholder: string;
  label: string;
  /** Offered as the user types (a datalist). */
  suggestions?: string[];
}

/** A search box that searches on Enter, with a clear button while it holds text. */
export function SearchInput({
  value,
  onChange,
  onSearch,
  onClear,
  placeholder,
  label,
  suggestions,
}: SearchInputProps) {
  const listId = useId();
  return (
    <div className="search-input">
      <SearchIcon className="search-input__icon" />
      <input
        type="search"
        className="input search-input__field"
        value={value}
        placeholder={placeholder}
        aria-label={label}
        list={suggestions?.length ? listId : undefined}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onSearch(value.trim());
          }
        }}
      />
      {suggestions && suggestions.length > 0 && (
        <datalist id={listId}>
          {suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      )}
      {value && (
        <button
          type="button"
          className="icon-button icon-button--sm search-input__clear"
          aria-label="Clear search"
          onClick={() => {
            onChange('');
            onClear?.();
          }}
        >
          <CloseIcon />
        </button>
      )}
    </div>
  );
}
