import type { InputHTMLAttributes, ReactNode } from 'react';
import { Field } from './field';

interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value' | 'id' | 'aria-invalid'
> {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  error?: string | null;
  hint?: ReactNode;
  /** Extra content right of the label, such as a 'Forgot password?' link. */
  labelExtra?: ReactNode;
}

/** A labelled text input with its message under it. */
export function TextField({ label, value, onChange, error, hint, labelExtra, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} labelExtra={labelExtra}>
      {(props) => (
        <input
          {...props}
          {...input}
          className="input"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
