// The team's projects and the one the console works in: remembered as `currentProjectId` (SPEC.md section 3)
// and sent as `x-project-id` with every call.
import type { Project } from '@trawl/sdk';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import useSWR, { type KeyedMutator } from 'swr';
import { PageSpinner } from '../components/ui/spinner';
import { readStored, writeStored } from './local-storage';
import { reportFailure } from './report-failure';
import { useSession } from './session';

const KEY = 'currentProjectId';

export const projectsKey = ['projects'] as const;

interface ProjectContextValue {
  /** The team's projects that are not deleted, oldest first. */
  projects: Project[];
  current: Project;
  select(projectId: string): void;
  mutateProjects: KeyedMutator<Project[]>;
}

const ProjectContext = createContext<ProjectContextValue | null>(null);

/** Loads the projects and picks the current one; renders its children once there is one. */
export function ProjectProvider({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const { trawl, setProjectId } = useSession();
  const { data, error, mutate } = useSWR(projectsKey, () => trawl.projects.list(), {
    onError: (err: unknown) => reportFailure('loadTeam', err),
  });
  const [chosen, setChosen] = useState(() => readStored(KEY));
  const current = data?.find((p) => p.id === chosen) ?? data?.[0];
  // Set before the children render: their first calls already go to this project.
  setProjectId(current?.id ?? null);

  const select = useCallback((projectId: string) => {
    writeStored(KEY, projectId);
    setChosen(projectId);
  }, []);

  const value = useMemo(
    () => (current && data ? { projects: data, current, select, mutateProjects: mutate } : null),
    [current, data, select, mutate],
  );
  if (!value) return error || data ? fallback : <PageSpinner label="Loading your projects" />;
  return <ProjectContext.Provider value={value}>{children}</ProjectContext.Provider>;
}

export function useProjects(): ProjectContextValue {
  const value = useContext(ProjectContext);
  if (!value) throw new Error('useProjects must be used inside <ProjectProvider>');
  return value;
}

/** The current project, or null outside the signed-in console (public pages). */
export function useOptionalProject(): Project | null {
  return useContext(ProjectContext)?.current ?? null;
}
