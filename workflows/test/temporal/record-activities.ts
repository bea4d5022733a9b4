// A workflow interceptor module for replay tests: reports the type of every activity the workflow
// schedules, with its arguments, since replay itself checks the order and kind of commands but not activity names.
import { proxySinks, type Sinks, type WorkflowInterceptorsFactory } from '@temporalio/workflow';

export interface RecorderSinks extends Sinks {
  recorder: { activity(type: string, args: unknown[]): void };
}

const { recorder } = proxySinks<RecorderSinks>();

export const interceptors: WorkflowInterceptorsFactory = () => ({
  outbound: [
    {
      scheduleActivity(input, next) {
        recorder.activity(input.activityType, input.args);
        return next(input);
      },
    },
  ],
});
