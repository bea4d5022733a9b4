import { useId } from 'react';

interface JsonSettingsEditorProps {
  value: string;
  onChange(value: string): void;
  errors: string[];
}

/** The same settings as JSON; problems are joined with '; ' under the editor. */
export function JsonSettingsEditor({ value, onChange, errors }: JsonSettingsEditorProps) {
  const id = useId();
  return (
    <div className={`field${errors.length ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        Crawl settings (JSON)
      </label>
      <textarea
        id={id}
        className="input textarea code-editor"
        rows={16}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        value={value}
        aria-invalid={errors.length > 0}
        aria-describedby={errors.length ? `${id}-errors` : undefined}
        onChange={(e) => onChange(e.target.value)}
        data-autofocus
      />
      {errors.length > 0 && (
        <p id={`${id}-errors`} className="field__error" role="alert">
          {errors.join('; ')}
        </p>
      )}
    </div>
  );
}
