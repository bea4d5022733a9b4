import { useId, useState } from 'react';
import { Field } from '../../../components/ui/field';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { Switch } from '../../../components/ui/switch';
import { useCrawlOptions } from '../api/crawl-options';
import { FORM_INPUT_MAX, type FieldErrors, type SettingsForm } from '../settings-form';
import { EngineTypeControl } from './engine-type-control';
import { WholeNumberInput } from './whole-number-input';

interface CrawlSettingsSectionProps {
  form: SettingsForm;
  errors: FieldErrors;
  update(patch: Partial<SettingsForm>): void;
  /** A try-out visitor has no static IPs (and no credentials to ask the server about them). */
  isPublic: boolean;
}

/** The collapsible 'Settings' section of the Run crawl modal. */
export function CrawlSettingsSection({ form, errors, update, isPublic }: CrawlSettingsSectionProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { options } = useCrawlOptions(!isPublic);
  const staticIp = options?.staticIp ?? null;
  const hasError = Boolean(errors.timeout || errors.engineType || errors.useStaticIps);

  return (
    <section className={`collapsible${open ? ' collapsible--open' : ''}`}>
      <button
        type="button"
        className="collapsible__trigger"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <span>Settings</span>
        {hasError && !open && <span className="collapsible__flag">Needs attention</span>}
        <ChevronDownIcon className="collapsible__chevron" />
      </button>
      <div id={panelId} className="collapsible__panel" hidden={!open}>
        <div className="settings-grid">
          <Switch
            label="Entire website"
            description="Follow every page of the site"
            checked={form.entireWebsite}
            disabled={form.useSitemap}
            onChange={(entireWebsite) => update({ entireWebsite })}
          />
          <Switch
            label="Use sitemap"
            description="Crawl the pages the sitemap lists"
            checked={form.useSitemap}
            disabled={form.entireWebsite}
            onChange={(useSitemap) => update({ useSitemap })}
          />
        </div>
        <div className="form-row">
          <Field label="Timeout in minutes" error={errors.timeout}>
            {(props) => (
              <WholeNumberInput
                {...props}
                value={form.timeout}
                max={FORM_INPUT_MAX.timeout}
                onChange={(timeout) => update({ timeout })}
              />
            )}
          </Field>
          <EngineTypeControl value={form.engineType} onChange={(engineType) => update({ engineType })} />
        </div>
        <div className="settings-grid">
          <Switch
            label="Include links"
            description="Keep links in the markdown"
            checked={form.includeLinks}
            onChange={(includeLinks) => update({ includeLinks })}
          />
          <Switch
            label="Exclude non main tags"
            description="Drop navigation, headers and footers"
            checked={form.excludeNonMainTags}
            onChange={(excludeNonMainTags) => update({ excludeNonMainTags })}
          />
          <Switch
            label="Remove duplicate content"
            description="Drop text repeated across pages"
            checked={form.deduplicateContent}
            onChange={(deduplicateContent) => update({ deduplicateContent })}
          />
          <Switch
            label="Use static IPs"
            description={
              isPublic
                ? 'Sign up to use static IPs'
                : staticIp
                  ? `Requests come from ${staticIp}`
                  : options
                    ? 'Not configured on this server'
                    : 'Checking…'
            }
            checked={form.useStaticIps && staticIp !== null}
            disabled={staticIp === null}
            onChange={(useStaticIps) => update({ useStaticIps })}
          />
        </div>
      </div>
    </section>
  );
}
