// An ora spinner on stderr around one slow step, on terminals only: pipes and `--json` get nothing.
import type { Session } from '../session.js';

/**
 * Runs `task` under a spinner saying `text`; `task` may reword it as it goes.
 *
 * @example
 * const crawl = await withSpinner(session, 'Aborting', () => client.crawls.abort(id));
 */
export async function withSpinner<T>(
  session: Session,
  text: string,
  task: (setText: (text: string) => void) => Promise<T>,
): Promise<T> {
  if (!session.interactive) return task(() => undefined);
  // Loaded on demand: most runs are not on a terminal and need not pay for it.
  const { default: ora } = await import('ora');
  const spinner = ora({
    text,
    stream: session.stderr,
    discardStdin: false,
    color: session.environment.noColor ? false : 'cyan',
  }).start();
  try {
    return await task((next) => {
      spinner.text = next;
    });
  } finally {
    spinner.stop();
  }
}
