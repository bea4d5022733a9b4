import { digitsOnly } from '../settings-form';

interface WholeNumberInputProps {
  id: string;
  value: string;
  onChange(value: string): void;
  /** The input's own upper bound (its digit count), which may exceed what the checks accept. */
  max: number;
  disabled?: boolean;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/** Whole numbers only: no signs, no decimals, no exponents. */
export function WholeNumberInput({ id, value, onChange, max, disabled, ...aria }: WholeNumberInputProps) {
  return (
    <input
      id={id}
      className="input input--number"
      type="text"
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="off"
      maxLength={String(max).length}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(digitsOnly(e.target.value))}
      {...aria}
    />
  );
}
