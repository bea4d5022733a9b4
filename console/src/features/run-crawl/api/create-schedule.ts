import type { CreateScheduleRequest, Schedule } from '@trawl/sdk';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useTrawl } from '../../../lib/session';

/** Creates a schedule and marks every cached schedule list stale. */
export function useCreateSchedule(): (body: CreateScheduleRequest) => Promise<Schedule> {
  const trawl = useTrawl();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (body) => {
      const schedule = await trawl.schedules.create(body);
      void mutate((key) => Array.isArray(key) && key[0] === 'schedules');
      return schedule;
    },
    [trawl, mutate],
  );
}
