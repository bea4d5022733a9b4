// Mounts the ink progress view on a stream (stderr, so stdout keeps only the outcome) and takes it
// down again without leaving its frame behind: the command prints the outcome itself.
import type { Crawl } from '@trawl/sdk';
import { render } from 'ink';
import type { ProgressReporter } from './watch.js';
import { ProgressView } from './progress-view.js';

export function mountProgress(stream: NodeJS.WriteStream, crawl: Crawl, color: boolean): ProgressReporter {
  const instance = render(<ProgressView crawl={crawl} color={color} />, {
    stdout: stream,
    stderr: stream,
    // The watcher handles SIGINT itself: it stops watching, it does not kill the crawl.
    exitOnCtrlC: false,
    patchConsole: false,
  });
  return {
    update(next) {
      instance.rerender(<ProgressView crawl={next} color={color} />);
    },
    stop() {
      instance.rerender(null);
      instance.unmount();
    },
  };
}
