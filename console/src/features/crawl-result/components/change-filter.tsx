import type { ResultChangeStatus } from '@trawl/sdk';

export type ChangeFilterValue = ResultChangeStatus | '';

/** The change status the results of a recrawl are narrowed to; '' keeps them all. */
export function ChangeFilter({
  value,
  onChange,
}: {
  value: ChangeFilterValue;
  onChange(value: ChangeFilterValue): void;
}) {
  return (
    <select
      className="input select change-filter"
      aria-label="Change status"
      value={value}
      onChange={(e) => onChange(e.target.value as ChangeFilterValue)}
    >
      <option value="">All changes</option>
      <option value="new">New</option>
      <option value="changed">Changed</option>
      <option value="unchanged">Unchanged</option>
      <option value="removed">Removed</option>
    </select>
  );
}
