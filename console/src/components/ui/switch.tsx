import { useId, type ReactNode } from 'react';

interface SwitchProps {
  label: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
  description?: ReactNode;
}

/** A labelled on/off toggle: a checkbox with the switch role, styled as a track and thumb. */
export function Switch({ label, checked, onChange, disabled = false, description }: SwitchProps) {
  const id = useId();
  return (
    <div className={`switch-field${disabled ? ' switch-field--disabled' : ''}`}>
      <label htmlFor={id} className="switch-field__label">
        <span>{label}</span>
        {description && (
          <span className="switch-field__description" id={`${id}-desc`}>
            {description}
          </span>
        )}
      </label>
      <span className="switch">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled}
          aria-describedby={description ? `${id}-desc` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span className="switch__track" aria-hidden="true" />
      </span>
    </div>
  );
}
