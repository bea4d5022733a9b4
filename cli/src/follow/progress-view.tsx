// The live view of `--wait` on a terminal: a spinner, the crawl's status, its result count and a
// timer that keeps counting between polls.
import type { Crawl } from '@trawl/sdk';
import { Box, Text } from 'ink';
import { useEffect, useState } from 'react';
import { statusStyle } from '../colors.js';
import { crawlSeconds, startUrlOf } from '../crawl-view.js';
import { formatDuration } from '../output.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const FRAME_MS = 80;

export interface ProgressViewProps {
  crawl: Crawl;
  /** False under NO_COLOR: ink's own colour detection looks at stdout only. */
  color: boolean;
  /** The clock, for tests. @default Date.now */
  now?: () => number;
  /** The line under the status while the crawl runs. */
  hint?: string;
}

export function ProgressView({
  crawl,
  color,
  now = Date.now,
  hint = 'Ctrl-C stops watching; the crawl keeps running',
}: ProgressViewProps) {
  const [time, setTime] = useState(now);
  useEffect(() => {
    const timer = setInterval(() => setTime(now()), FRAME_MS);
    return () => clearInterval(timer);
  }, [now]);

  const running = crawl.status === 'running';
  const frame = running ? FRAMES[Math.floor(time / FRAME_MS) % FRAMES.length] : '●';
  const statusColor = color ? statusStyle(crawl.status) : undefined;
  const results = `${crawl.numberOfResults} result${crawl.numberOfResults === 1 ? '' : 's'}`;
  return (
    <Box flexDirection="column">
      <Text>
        <Text color={statusColor}>{frame}</Text> Crawling <Text bold={color}>{startUrlOf(crawl)}</Text>
      </Text>
      <Text>
        {'  '}
        <Text color={statusColor}>{crawl.status}</Text> · {results} ·{' '}
        {formatDuration(crawlSeconds(crawl, time))} · {crawl.id}
      </Text>
      {running ? <Text dimColor={color}> {hint}</Text> : null}
    </Box>
  );
}
