// Questions on the terminal, for `trawl login` without --email or --password. The question goes to
// stderr so stdout stays the command's output; a hidden answer is read in raw mode and never echoed.
import { createInterface } from 'node:readline/promises';
import { CliError, EXIT_INTERRUPTED } from './errors.js';

export interface PromptStreams {
  stdin: NodeJS.ReadStream;
  stderr: NodeJS.WriteStream;
}

const interrupted = (): CliError =>
  new CliError('Interrupted', { code: 'interrupted', exitCode: EXIT_INTERRUPTED });

/** Whether questions can be asked: stdin is a terminal someone types into. */
export const canPrompt = (streams: Pick<PromptStreams, 'stdin'>): boolean => Boolean(streams.stdin.isTTY);

/**
 * Asks `question` and resolves with the trimmed answer.
 * @example
 * const email = await ask({ stdin: process.stdin, stderr: process.stderr }, 'Email: ');
 */
export async function ask(streams: PromptStreams, question: string): Promise<string> {
  const rl = createInterface({ input: streams.stdin, output: streams.stderr, terminal: true });
  const closed = new Promise<never>((_resolve, reject) => rl.once('SIGINT', () => reject(interrupted())));
  try {
    return (await Promise.race([rl.question(question), closed])).trim();
  } finally {
    rl.close();
  }
}

/**
 * Asks for a secret without echoing it; Backspace edits, Enter ends, Ctrl-C stops the command (exit 130).
 * @example
 * const password = await askHidden({ stdin: process.stdin, stderr: process.stderr }, 'Password: ');
 */
export function askHidden(streams: PromptStreams, question: string): Promise<string> {
  const { stdin, stderr } = streams;
  const wasRaw = stdin.isRaw;
  // Echo goes off before the question shows, so an answer typed at once is not echoed either.
  stdin.setRawMode(true);
  stderr.write(question);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let answer = '';
    const finish = (error?: CliError): void => {
      stdin.off('data', onData);
      stdin.setRawMode(wasRaw);
      stdin.pause();
      stderr.write('\n');
      if (error) reject(error);
      else resolve(answer);
    };
    // A paste arrives as one chunk of many characters.
    const onData = (chunk: string): void => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return finish();
        if (ch === '\u0003') return finish(interrupted());
        if (ch === '\u007f' || ch === '\b') answer = answer.slice(0, -1);
        else if (ch >= ' ') answer += ch;
      }
    };
    stdin.on('data', onData);
  });
}
