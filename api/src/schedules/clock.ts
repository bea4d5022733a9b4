import type { Config } from '../config.js';

/** The scheduler's now: the system clock, shifted by TRAWL_SCHEDULER_CLOCK_OFFSET_S (0 outside tests). */
export function schedulerNow(config: Pick<Config, 'scheduler'>): Date {
  return new Date(Date.now() + config.scheduler.clockOffsetSeconds * 1000);
}
