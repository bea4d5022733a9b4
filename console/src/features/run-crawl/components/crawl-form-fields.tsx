import { Field } from '../../../components/ui/field';
import { depthCapped, FORM_INPUT_MAX, MESSAGES, type FieldErrors, type SettingsForm } from '../settings-form';
import { WholeNumberInput } from './whole-number-input';

interface CrawlFormFieldsProps {
  form: SettingsForm;
  errors: FieldErrors;
  update(patch: Partial<SettingsForm>): void;
}

/** Start URL, max results, max depth and the AI extraction instruction. */
export function CrawlFormFields({ form, errors, update }: CrawlFormFieldsProps) {
  const limitsOff = form.useSitemap || form.entireWebsite;
  const limitsHint = limitsOff ? 'Not used with Entire website or Use sitemap' : undefined;
  return (
    <>
      <Field label="Start URL" error={errors.startUrl}>
        {(props) => (
          <input
            {...props}
            className="input"
            type="text"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            placeholder="https://example.com"
            value={form.startUrl}
            onChange={(e) => update({ startUrl: e.target.value })}
            data-autofocus
          />
        )}
      </Field>
      <div className="form-row">
        <Field label="Max results" error={limitsOff ? null : errors.maxResults} hint={limitsHint}>
          {(props) => (
            <WholeNumberInput
              {...props}
              value={form.maxResults}
              max={FORM_INPUT_MAX.maxResults}
              disabled={limitsOff}
              onChange={(maxResults) => update({ maxResults })}
            />
          )}
        </Field>
        <Field
          label="Max depth"
          error={limitsOff ? null : errors.maxDepth}
          hint={limitsHint ?? (depthCapped(form) ? MESSAGES.maxDepthCapped : undefined)}
        >
          {(props) => (
            <WholeNumberInput
              {...props}
              value={form.maxDepth}
              max={FORM_INPUT_MAX.maxDepth}
              disabled={limitsOff}
              onChange={(maxDepth) => update({ maxDepth })}
            />
          )}
        </Field>
      </div>
      <Field
        label="AI Extraction"
        error={errors.extraction}
        hint="Optional. Describe what to keep from each page."
      >
        {(props) => (
          <textarea
            {...props}
            className="input textarea"
            rows={3}
            placeholder="Extract only tech blog posts, ignore everything else"
            value={form.extraction}
            onChange={(e) => update({ extraction: e.target.value })}
          />
        )}
      </Field>
    </>
  );
}
