import { useId, type ReactNode } from 'react';

interface FieldProps {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  /** Extra content right of the label, such as a 'Forgot password?' link. */
  labelExtra?: ReactNode;
  /** Renders the control with the ids that tie it to its label and messages. */
  children(props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }): ReactNode;
}

/** A label, a control, and the message under it. */
export function Field({ label, error, hint, labelExtra, children }: FieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      {labelExtra ? (
        <div className="field__label-row">
          <label htmlFor={id} className="field__label">
            {label}
          </label>
          {labelExtra}
        </div>
      ) : (
        <label htmlFor={id} className="field__label">
          {label}
        </label>
      )}
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': error || hint ? messageId : undefined,
      })}
      {error ? (
        <p id={messageId} className="field__error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
