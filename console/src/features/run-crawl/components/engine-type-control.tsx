import type { EngineType } from '@trawl/sdk';
import { useId } from 'react';

const ENGINES: { value: EngineType; label: string; tip: string }[] = [
  { value: 'cheerio', label: 'Cheerio', tip: 'Fast, suited to static sites' },
  { value: 'auto', label: 'Auto', tip: 'Detects the best engine' },
  { value: 'playwright', label: 'Playwright', tip: 'Suits dynamic JavaScript sites' },
];

/** A segmented radio group; each option explains itself in a tooltip on hover and focus. */
export function EngineTypeControl({
  value,
  onChange,
}: {
  value: EngineType;
  onChange(value: EngineType): void;
}) {
  const id = useId();
  return (
    <div className="field">
      <span className="field__label" id={`${id}-label`}>
        Engine type
      </span>
      <div className="segmented" role="radiogroup" aria-labelledby={`${id}-label`}>
        {ENGINES.map((engine) => (
          <label
            key={engine.value}
            className={`segmented__option tooltip tooltip--top${value === engine.value ? ' segmented__option--active' : ''}`}
          >
            <input
              type="radio"
              className="visually-hidden"
              name={`${id}-engine`}
              value={engine.value}
              checked={value === engine.value}
              aria-describedby={`${id}-${engine.value}`}
              onChange={() => onChange(engine.value)}
            />
            {engine.label}
            <span role="tooltip" id={`${id}-${engine.value}`} className="tooltip__bubble">
              {engine.tip}
            </span>
          </label>
        ))}
      </div>
    </div>
  );
}
