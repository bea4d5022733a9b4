import { SchedulesView } from '../../features/schedules/components/schedules-view';

export function SchedulesRoute() {
  return <SchedulesView />;
}
