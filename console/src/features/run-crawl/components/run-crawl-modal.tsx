import { TrawlApiError, type Crawl } from '@trawl/sdk';
import { useId, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast/toast-store';
import { reportFailure } from '../../../lib/report-failure';
import { useCrawlOptions } from '../api/crawl-options';
import { useCreateSchedule } from '../api/create-schedule';
import { useStartCrawl } from '../api/start-crawl';
import { newCrawlDefaults, saveLastUsedSettings } from '../last-used-settings';
import {
  canStart,
  completeSettings,
  detailsToFieldErrors,
  formErrors,
  formToJson,
  parseJsonSettings,
  settingsFromCrawl,
  settingsFromForm,
  toForm,
  withAvailableStaticIps,
  type FieldErrors,
  type SettingsForm,
} from '../settings-form';
import { CrawlFormFields } from './crawl-form-fields';
import { CrawlSettingsSection } from './crawl-settings-section';
import { JsonSettingsEditor } from './json-settings-editor';
import {
  ScheduleSection,
  newScheduleForm,
  scheduleTiming,
  type ScheduleErrors,
  type ScheduleForm,
} from './schedule-section';

interface RunCrawlModalProps {
  /** The crawl to run again (Recrawl), or null for a new crawl. */
  source: Crawl | null;
  /** A try-out visitor: Start goes to /signup (SPEC.md section 4). */
  isPublic: boolean;
  onClose(): void;
}

export function RunCrawlModal({ source, isPublic, onClose }: RunCrawlModalProps) {
  const formId = useId();
  const [, navigate] = useLocation();
  const startCrawl = useStartCrawl();
  const createSchedule = useCreateSchedule();
  const [schedule, setSchedule] = useState<ScheduleForm>(newScheduleForm);
  const [scheduleErrors, setScheduleErrors] = useState<ScheduleErrors>({});
  const [form, setForm] = useState<SettingsForm>(() =>
    toForm(source ? settingsFromCrawl(source) : newCrawlDefaults()),
  );
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [json, setJson] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // A recrawl of a finished crawl compares with it by default: what changed, in the site's history folder.
  const comparable = source !== null && !isPublic && source.status !== 'running';
  const [compare, setCompare] = useState(comparable);

  const { options } = useCrawlOptions(!isPublic);
  const effectiveForm = withAvailableStaticIps(form, options?.staticIp, isPublic);

  const parsedJson = useMemo(() => (json === null ? null : parseJsonSettings(json)), [json]);
  const jsonErrors = parsedJson?.errors ?? [];
  const errors = { ...formErrors(form), ...serverErrors };
  const ready =
    json === null ? canStart(form) && Object.keys(serverErrors).length === 0 : jsonErrors.length === 0;

  const update = (patch: Partial<SettingsForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setServerErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !(key in patch))),
    );
  };

  const toggleJson = (on: boolean) => {
    if (on) return setJson(formToJson(effectiveForm));
    if (!parsedJson?.settings) return;
    setForm(toForm(completeSettings(parsedJson.settings)));
    setServerErrors({});
    setJson(null);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready || submitting) return;
    if (isPublic) {
      onClose();
      navigate('/signup');
      return;
    }
    const settings =
      json === null ? settingsFromForm(effectiveForm) : completeSettings(parsedJson?.settings ?? {});
    setSubmitting(true);
    if (schedule.on) {
      // The schedule first: a bad cron expression stops here, before any crawl starts.
      try {
        const created = await createSchedule({ settings, ...scheduleTiming(schedule) });
        toast.success(`Scheduled: ${created.name}`);
      } catch (err: unknown) {
        const details = err instanceof TrawlApiError && err.status === 400 ? err.details : [];
        const fields = Object.fromEntries(
          details.filter((d) => d.path === 'cron' || d.path === 'timeZone').map((d) => [d.path, d.message]),
        );
        if (Object.keys(fields).length > 0) setScheduleErrors(fields);
        else reportFailure('createSchedule', err);
        setSubmitting(false);
        return;
      }
    }
    try {
      const crawl = await startCrawl(
        comparable && compare ? { ...settings, compareWith: source.id } : settings,
      );
      saveLastUsedSettings(settings);
      toast.success('Starting crawl');
      onClose();
      navigate(`/crawl-result/${crawl.id}`);
    } catch (err: unknown) {
      reportFailure('startCrawl', err);
      if (err instanceof TrawlApiError && err.status === 400 && err.details.length > 0 && json === null)
        setServerErrors(detailsToFieldErrors(err.details));
      setSubmitting(false);
    }
  };

  return (
    <Modal
      title="Run crawl"
      size="lg"
      onClose={onClose}
      headerExtra={
        <div className="modal__header-extra">
          <Switch
            label="JSON editor"
            checked={json !== null}
            disabled={json !== null && jsonErrors.length > 0}
            onChange={toggleJson}
          />
        </div>
      }
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} disabled={!ready} loading={submitting}>
            {submitting ? 'Starting...' : 'Start Crawl'}
          </Button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={submit} noValidate>
        {json === null ? (
          <>
            <CrawlFormFields form={form} errors={errors} update={update} />
            <CrawlSettingsSection form={effectiveForm} errors={errors} update={update} isPublic={isPublic} />
          </>
        ) : (
          <JsonSettingsEditor value={json} onChange={setJson} errors={jsonErrors} />
        )}
        {comparable && (
          <Switch
            label="Compare with this crawl"
            description="Marks each page new, changed, unchanged or removed, and files both crawls in the site's history folder"
            checked={compare}
            onChange={setCompare}
          />
        )}
        {!isPublic && (
          <ScheduleSection
            form={schedule}
            errors={scheduleErrors}
            update={(patch) => {
              setSchedule((current) => ({ ...current, ...patch }));
              setScheduleErrors({});
            }}
          />
        )}
      </form>
    </Modal>
  );
}
