// The live view of `trawl tail` on a terminal: log lines scroll by above (ink's Static writes each once),
// and below them the crawl's status, result count and a timer that keeps counting between events.
import type { Crawl, CrawlLog } from '@trawl/sdk';
import { Box, Static, Text, render } from 'ink';
import { useEffect, useState } from 'react';
import { createPaint, statusStyle } from '../colors.js';
import { crawlSeconds, startUrlOf } from '../crawl-view.js';
import { formatDuration } from '../output.js';
import { formatLogLine, type TailReporter } from '../tail.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const FRAME_MS = 80;

export interface TailViewProps {
  crawl: Crawl;
  logs: CrawlLog[];
  /** False under NO_COLOR: ink's own colour detection looks at stdout only. */
  color: boolean;
  /** The clock, for tests. @default Date.now */
  now?: () => number;
}

export function TailView({ crawl, logs, color, now = Date.now }: TailViewProps) {
  const [time, setTime] = useState(now);
  useEffect(() => {
    const timer = setInterval(() => setTime(now()), FRAME_MS);
    return () => clearInterval(timer);
  }, [now]);

  const paint = createPaint(color);
  const running = crawl.status === 'running';
  const frame = running ? FRAMES[Math.floor(time / FRAME_MS) % FRAMES.length] : '●';
  const statusColor = color ? statusStyle(crawl.status) : undefined;
  const results = `${crawl.numberOfResults} result${crawl.numberOfResults === 1 ? '' : 's'}`;
  return (
    <>
      <Static items={logs}>{(line) => <Text key={line.id}>{formatLogLine(line, paint)}</Text>}</Static>
      <Box flexDirection="column" marginTop={logs.length ? 1 : 0}>
        <Text>
          <Text color={statusColor}>{frame}</Text> Crawling <Text bold={color}>{startUrlOf(crawl)}</Text>
        </Text>
        <Text>
          {'  '}
          <Text color={statusColor}>{crawl.status}</Text> · {results} · {formatDuration(crawlSeconds(crawl, time))} · {crawl.id}
        </Text>
        {running ? <Text dimColor={color}>  Ctrl-C stops following; the crawl keeps running</Text> : null}
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
  const draw = (): void => instance.rerender(<TailView crawl={state.crawl} logs={state.logs} color={color} />);
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
      instance.rerender(<Static items={state.logs}>{(line) => <Text key={line.id}>{formatLogLine(line, createPaint(color))}</Text>}</Static>);
      instance.unmount();
    },
  };
}
