import type { Folder } from '@trawl/sdk';
import useSWR, { type KeyedMutator } from 'swr';
import { useProjects } from '../../../lib/current-project';
import { reportFailure } from '../../../lib/report-failure';
import { useTrawl } from '../../../lib/session';

/** The current project's folders, by name. */
export function useFolders(): { folders: Folder[] | undefined; mutate: KeyedMutator<Folder[]> } {
  const trawl = useTrawl();
  const projectId = useProjects().current.id;
  const { data, mutate } = useSWR(['folders', projectId], () => trawl.folders.list(), {
    onError: (err: unknown) => reportFailure('loadFolders', err),
  });
  return { folders: data, mutate };
}
