import type { Schedule } from '@trawl/sdk';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { ClockIcon, TrashIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast/toast-store';
import { useProjects } from '../../../lib/current-project';
import { formatDateTime } from '../../../lib/dates';
import { reportFailure } from '../../../lib/report-failure';
import { describeTiming } from '../../../lib/schedule-timing';
import { useTrawl } from '../../../lib/session';
import { useSchedules } from '../api/schedules';

function ScheduleCard({
  schedule,
  onPause,
  onDelete,
}: {
  schedule: Schedule;
  onPause(paused: boolean): Promise<void>;
  onDelete(): void;
}) {
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    await onPause(!schedule.paused);
    setBusy(false);
  };
  return (
    <li className="card schedule" aria-label={schedule.name}>
      <div className="schedule__head">
        <div className="schedule__title">
          <h2 className="schedule__name">{schedule.name}</h2>
          <p className="schedule__meta">
            <span className="schedule__url" title={schedule.settings.startUrl}>
              {schedule.settings.startUrl}
            </span>
            <span aria-hidden="true"> · </span>
            {describeTiming(schedule)}
          </p>
        </div>
        {schedule.paused ? (
          <span className="badge schedule__badge--paused">Paused</span>
        ) : (
          <span className="badge badge--success">
            <span className="badge__dot" />
            Active
          </span>
        )}
      </div>
      <div className="schedule__body">
        {schedule.paused ? (
          <p className="muted">Paused: no runs until it is resumed.</p>
        ) : (
          <div>
            <h3 className="schedule__label">Upcoming runs (your time)</h3>
            <ol className="schedule__upcoming">
              {schedule.upcoming.map((at) => (
                <li key={at}>
                  <time dateTime={at}>{formatDateTime(at)}</time>
                </li>
              ))}
            </ol>
          </div>
        )}
        {schedule.lastRunAt && (
          <p className="schedule__last muted">Last run {formatDateTime(schedule.lastRunAt)}</p>
        )}
      </div>
      <div className="schedule__actions">
        <Button size="sm" variant="secondary" loading={busy} onClick={() => void toggle()}>
          {schedule.paused ? 'Resume' : 'Pause'}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          icon={<TrashIcon />}
          aria-label={`Delete ${schedule.name}`}
          onClick={onDelete}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}

/** The project's schedules: what runs when, the next runs of each, pause, resume and delete. */
export function SchedulesView() {
  const trawl = useTrawl();
  const { current } = useProjects();
  const { data, error, mutate } = useSchedules();
  const [deleting, setDeleting] = useState<Schedule | null>(null);

  const replace = (updated: Schedule) =>
    mutate((list) => list?.map((s) => (s.id === updated.id ? updated : s)), { revalidate: true });

  const setPaused = async (schedule: Schedule, paused: boolean) => {
    try {
      await replace(await trawl.schedules.update(schedule.id, { paused }));
      toast.success(paused ? `${schedule.name} paused` : `${schedule.name} resumed`);
    } catch (err: unknown) {
      reportFailure('updateSchedule', err);
    }
  };

  const remove = async (schedule: Schedule) => {
    try {
      await trawl.schedules.delete(schedule.id);
      await mutate((list) => list?.filter((s) => s.id !== schedule.id), { revalidate: false });
      toast.success(`${schedule.name} deleted`);
    } catch (err: unknown) {
      reportFailure('deleteSchedule', err);
      return false;
    }
  };

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1 className="page-header__title">Schedules</h1>
          <p className="page-header__subtitle">
            Crawls of {current.title} that run again on their own. Schedule one from the Run crawl dialog.
          </p>
        </div>
      </header>
      {!data && !error ? (
        <div className="card schedule">
          <Skeleton width="40%" />
          <Skeleton width="70%" />
        </div>
      ) : data && data.length === 0 ? (
        <div className="card">
          <EmptyState
            icon={<ClockIcon />}
            title="No schedules yet"
            description="Turn on “Run on a schedule” when you start a crawl to run it again every hour, day or week."
          />
        </div>
      ) : (
        <ul className="schedule-list" aria-label="Schedules">
          {data?.map((schedule) => (
            <ScheduleCard
              key={schedule.id}
              schedule={schedule}
              onPause={(paused) => setPaused(schedule, paused)}
              onDelete={() => setDeleting(schedule)}
            />
          ))}
        </ul>
      )}
      {deleting && (
        <ConfirmModal
          title="Delete schedule"
          confirmLabel="Delete schedule"
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        >
          <p>
            Delete <strong>{deleting.name}</strong>? No more runs start; the crawls it already ran are kept.
          </p>
        </ConfirmModal>
      )}
    </div>
  );
}
