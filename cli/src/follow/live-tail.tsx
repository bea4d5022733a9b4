// The live view of `trawl tail` on a terminal: log lines scroll by above (ink's Static writes each once),
// and below them the crawl's status, result count and a timer that keeps counting between events.
import type { Crawl, CrawlLog } from '@trawl/sdk';
import { Box, Static, Text, render } from 'ink';
import { createPaint } from '../colors.js';
import { formatLogLine, type TailReporter } from './tail.js';
import { ProgressView } from './progress-view.js';

export interface TailViewProps {
  crawl: Crawl;
  logs: CrawlLog[];
  /** False under NO_COLOR: ink's own colour detection looks at stdout only. */
  color: boolean;
}

export function TailView({ crawl, logs, color }: TailViewProps) {
  const paint = createPaint(color);
  return (
    <>
      <Static items={logs}>{(line) => <Text key={line.id}>{formatLogLine(line, paint)}</Text>}</Static>
      <Box marginTop={logs.length ? 1 : 0}>
        <ProgressView crawl={crawl} color={color} hint="Ctrl-C stops following; the crawl keeps running" />
      </Box>
    </>
  );
}

/** Mounts the view on a stream (stderr, so stdout keeps only the outcome); log lines stay on screen after it. */
export function mountTail(stream: NodeJS.WriteStream, crawl: Crawl, color: boolean): TailReporter {
  let state: { crawl: Crawl; logs: CrawlLog[] } = { crawl, logs: [] };
  const instance = render(<TailView crawl={crawl} logs={[]} color={color} />, {
    stdout: stream,
    stderr: stream,
    // The tail handles SIGINT itself: it stops following, it does not kill the crawl.
    exitOnCtrlC: false,
    patchConsole: false,
  });
  const draw = (): void =>
    instance.rerender(<TailView crawl={state.crawl} logs={state.logs} color={color} />);
  return {
    crawl(next) {
      state = { ...state, crawl: next };
      draw();
    },
    log(line) {
      state = { ...state, logs: [...state.logs, line] };
      draw();
    },
    stop() {
      // The status box goes; the log lines Static wrote stay, and the command prints the outcome.
      instance.rerender(
        <Static items={state.logs}>
          {(line) => <Text key={line.id}>{formatLogLine(line, createPaint(color))}</Text>}
        </Static>,
      );
      instance.unmount();
    },
  };
}
