import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { CopyButton } from '../../../components/ui/copy-button';
import { TrashIcon } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast/toast-store';
import { useProjects } from '../../../lib/current-project';
import { reportFailure } from '../../../lib/report-failure';
import { useTrawl } from '../../../lib/session';
import { normaliseProjectName, PROJECT_NAME_REQUIRED } from './create-project-modal';

/** The current project: its name, its id for the API, and deleting it. */
export function ProjectSettings() {
  const trawl = useTrawl();
  const { projects, current, mutateProjects, select } = useProjects();
  const [name, setName] = useState(current.title);
  const [editedFor, setEditedFor] = useState(current.id);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Switching projects shows the other project's name.
  if (editedFor !== current.id) {
    setEditedFor(current.id);
    setName(current.title);
    setError(null);
  }
  const title = normaliseProjectName(name);
  const isLast = projects.length === 1;

  const rename = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!title) {
      setError(PROJECT_NAME_REQUIRED);
      return;
    }
    setSaving(true);
    try {
      const renamed = await trawl.projects.rename(current.id, title);
      await mutateProjects((list) => list?.map((p) => (p.id === renamed.id ? renamed : p)), {
        revalidate: false,
      });
      setName(renamed.title);
      toast.success('Project renamed');
    } catch (err: unknown) {
      reportFailure('renameProject', err);
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    try {
      await trawl.projects.delete(current.id);
      const rest = projects.filter((p) => p.id !== current.id);
      select(rest[0]!.id);
      await mutateProjects(rest, { revalidate: false });
      toast.success('Project deleted');
    } catch (err: unknown) {
      reportFailure('deleteProject', err);
      return false;
    }
  };

  return (
    <>
      <section className="card settings-card" aria-labelledby="project-name-title">
        <header className="settings-card__header">
          <h2 id="project-name-title" className="settings-card__title">
            Project
          </h2>
          <p className="settings-card__description">
            Crawls started in the console go to the current project, and Home lists its crawls.
          </p>
        </header>
        <form className="settings-card__body form" onSubmit={rename} noValidate>
          <TextField
            label="Project name"
            value={name}
            onChange={(value) => {
              setName(value);
              setError(null);
            }}
            error={error}
            hint="Saved in lower case."
            maxLength={100}
          />
          <div className="settings-card__actions">
            <Button type="submit" variant="primary" loading={saving} disabled={title === current.title}>
              Save
            </Button>
          </div>
        </form>
      </section>

      <section className="card settings-card" aria-labelledby="project-id-title">
        <header className="settings-card__header">
          <h2 id="project-id-title" className="settings-card__title">
            Project ID
          </h2>
          <p className="settings-card__description">
            Send it as the <code>x-project-id</code> header to work in this project through the API, or bind
            an API token to it below.
          </p>
        </header>
        <div className="settings-card__body">
          <div className="copy-field">
            <code className="copy-field__value">{current.id}</code>
            <CopyButton text={current.id} label="Copy" ariaLabel="Copy project ID" />
          </div>
        </div>
      </section>

      <section className="card settings-card settings-card--danger" aria-labelledby="project-delete-title">
        <header className="settings-card__header">
          <h2 id="project-delete-title" className="settings-card__title">
            Delete project
          </h2>
          <p className="settings-card__description">
            {isLast
              ? 'A team keeps at least one project. Create another project before deleting this one.'
              : 'The project disappears from the switcher, and Home no longer lists its crawls.'}
          </p>
        </header>
        <div className="settings-card__body settings-card__actions">
          <Button
            variant="danger"
            icon={<TrashIcon />}
            disabled={isLast}
            onClick={() => setConfirmDelete(true)}
          >
            Delete project
          </Button>
        </div>
      </section>

      {confirmDelete && (
        <ConfirmModal
          title="Delete project"
          confirmLabel="Delete project"
          onConfirm={remove}
          onClose={() => setConfirmDelete(false)}
        >
          <p>
            Delete the project <strong>{current.title}</strong>? This cannot be undone.
          </p>
        </ConfirmModal>
      )}
    </>
  );
}
