// Writes and removes the file `trawl login` saves. It holds a secret, so the folder is 0700 and the
// file 0600, and it is replaced atomically so a crash never leaves half a token behind.
import { chmod, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CliError } from './errors.js';

export interface LoginCredentials {
  apiUrl?: string | undefined;
  /** Absent only when the file holds just a project (`trawl projects use` before any login). */
  token?: string | undefined;
  /** The token's ID when `trawl login --email` created it, so `trawl logout` can revoke it. */
  tokenId?: string | undefined;
  /** The project `trawl projects use` chose, sent as `x-project-id`. */
  projectId?: string | undefined;
}

/** Saves `{ apiUrl, token, tokenId?, projectId? }` to `file`, creating its folder (0700) and the file (0600). */
export async function saveLogin(file: string, credentials: LoginCredentials): Promise<void> {
  const dir = dirname(file);
  const temp = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // mkdir's mode is masked by the umask and ignored for an existing folder.
    await chmod(dir, 0o700);
    await writeFile(temp, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
    await chmod(temp, 0o600);
    await rename(temp, file);
  } catch (err: unknown) {
    await rm(temp, { force: true });
    throw new CliError(`Could not save the login to ${file}: ${(err as Error).message}`, {
      code: 'config_error',
      cause: err,
    });
  }
}

/** Removes the login file; false when there was none. */
export async function removeLogin(file: string): Promise<boolean> {
  try {
    await rm(file);
    return true;
  } catch (err: unknown) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw new CliError(`Could not remove ${file}: ${(err as Error).message}`, {
      code: 'config_error',
      cause: err,
    });
  }
}
