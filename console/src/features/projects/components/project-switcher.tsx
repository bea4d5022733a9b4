import { useEffect, useId, useRef, useState } from 'react';
import { CheckIcon, FolderIcon, PlusIcon, SelectorIcon } from '../../../components/ui/icons';
import { useProjects } from '../../../lib/current-project';
import { CreateProjectModal } from './create-project-modal';

/** The sidebar's project picker: the team's projects and New project (SPEC.md section 2). */
export function ProjectSwitcher({ onSwitched }: { onSwitched(): void }) {
  const { projects, current, select } = useProjects();
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="project-switcher" ref={rootRef}>
      <button
        type="button"
        className="project-switcher__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Project: ${current.title}`}
        onClick={() => setOpen(!open)}
      >
        <FolderIcon className="project-switcher__icon" />
        <span className="project-switcher__text">
          <span className="project-switcher__caption">Project</span>
          <span className="project-switcher__name">{current.title}</span>
        </span>
        <SelectorIcon className="project-switcher__chevron" />
      </button>
      {open && (
        <div id={menuId} className="menu project-switcher__menu" role="menu" aria-label="Projects">
          {projects.map((project) => (
            <button
              key={project.id}
              type="button"
              role="menuitemradio"
              aria-checked={project.id === current.id}
              className="menu__item"
              onClick={() => {
                setOpen(false);
                if (project.id !== current.id) {
                  select(project.id);
                  onSwitched();
                }
              }}
            >
              <span className="menu__label">{project.title}</span>
              {project.id === current.id && <CheckIcon className="menu__check" />}
            </button>
          ))}
          <div className="menu__separator" role="separator" />
          <button
            type="button"
            role="menuitem"
            className="menu__item"
            onClick={() => {
              setOpen(false);
              setCreating(true);
            }}
          >
            <PlusIcon />
            <span className="menu__label">New project</span>
          </button>
        </div>
      )}
      {creating && <CreateProjectModal onClose={() => setCreating(false)} />}
    </div>
  );
}
