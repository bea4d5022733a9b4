import { Field } from '../../../components/ui/field';
import { Switch } from '../../../components/ui/switch';
import { TextField } from '../../../components/ui/text-field';
import { INTERVAL_CHOICES, browserTimeZone } from '../../../lib/schedule-timing';

export interface ScheduleForm {
  on: boolean;
  mode: 'interval' | 'cron';
  intervalSeconds: number;
  cron: string;
  timeZone: string;
}

export type ScheduleErrors = Partial<Record<'cron' | 'timeZone', string>>;

export const newScheduleForm = (): ScheduleForm => ({
  on: false,
  mode: 'interval',
  intervalSeconds: 86_400,
  cron: '0 6 * * *',
  timeZone: browserTimeZone(),
});

/** The timing the API takes, from the form. */
export const scheduleTiming = (form: ScheduleForm) =>
  form.mode === 'interval'
    ? { intervalSeconds: form.intervalSeconds, timeZone: form.timeZone }
    : { cron: form.cron.trim(), timeZone: form.timeZone.trim() };

interface ScheduleSectionProps {
  form: ScheduleForm;
  errors: ScheduleErrors;
  update(patch: Partial<ScheduleForm>): void;
}

/** The Run crawl modal's 'Schedule' section: run these settings again every hour, day or week, or on a cron. */
export function ScheduleSection({ form, errors, update }: ScheduleSectionProps) {
  return (
    <section className="schedule-section" aria-label="Schedule">
      <Switch
        label="Run on a schedule"
        description="Start it now, and again on a timetable"
        checked={form.on}
        onChange={(on) => update({ on })}
      />
      {form.on && (
        <div className="form-row">
          <Field label="Repeat">
            {(props) => (
              <select
                {...props}
                className="input select"
                value={form.mode === 'cron' ? 'cron' : String(form.intervalSeconds)}
                onChange={(e) =>
                  e.target.value === 'cron'
                    ? update({ mode: 'cron' })
                    : update({ mode: 'interval', intervalSeconds: Number(e.target.value) })
                }
              >
                {INTERVAL_CHOICES.map((c) => (
                  <option key={c.seconds} value={c.seconds}>
                    {c.label}
                  </option>
                ))}
                <option value="cron">Custom (cron)</option>
              </select>
            )}
          </Field>
          {form.mode === 'cron' && (
            <>
              <TextField
                label="Cron expression"
                value={form.cron}
                onChange={(cron) => update({ cron })}
                error={errors.cron}
                hint="Such as 0 6 * * 1-5: weekdays at 6:00"
                spellCheck={false}
              />
              <TextField
                label="Time zone"
                value={form.timeZone}
                onChange={(timeZone) => update({ timeZone })}
                error={errors.timeZone}
                spellCheck={false}
              />
            </>
          )}
        </div>
      )}
    </section>
  );
}
