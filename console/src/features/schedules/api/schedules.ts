import type { Schedule } from '@trawl/sdk';
import useSWR, { type KeyedMutator } from 'swr';
import { useProjects } from '../../../lib/current-project';
import { reportFailure } from '../../../lib/report-failure';
import { useTrawl } from '../../../lib/session';

export interface UseSchedules {
  data: Schedule[] | undefined;
  error: unknown;
  mutate: KeyedMutator<Schedule[]>;
}

/** The current project's schedules, the next to run first. */
export function useSchedules(): UseSchedules {
  const trawl = useTrawl();
  const projectId = useProjects().current.id;
  const { data, error, mutate } = useSWR(['schedules', projectId], () => trawl.schedules.list(), {
    onError: (err: unknown) => reportFailure('loadSchedules', err),
  });
  return { data, error, mutate };
}
