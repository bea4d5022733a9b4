import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast/toast-store';
import { useProjects } from '../../../lib/current-project';
import { reportFailure } from '../../../lib/report-failure';
import { useTrawl } from '../../../lib/session';

/** SPEC section 5: a project name is trimmed and lowercased; empty gives this message. */
export const PROJECT_NAME_REQUIRED = 'Project name is required';

export const normaliseProjectName = (name: string): string => name.trim().toLowerCase();

/** The Create project dialog: a name; the new project becomes the current one. */
export function CreateProjectModal({ onClose }: { onClose(): void }) {
  const formId = useId();
  const trawl = useTrawl();
  const { mutateProjects, select } = useProjects();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const title = normaliseProjectName(name);
    if (!title) {
      setError(PROJECT_NAME_REQUIRED);
      return;
    }
    setSubmitting(true);
    try {
      const project = await trawl.projects.create(title);
      await mutateProjects((projects) => [...(projects ?? []), project], { revalidate: false });
      select(project.id);
      toast.success('Project created successfully');
      onClose();
    } catch (err: unknown) {
      reportFailure('createProject', err);
      setSubmitting(false);
    }
  };

  return (
    <Modal
      title="Create project"
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} loading={submitting}>
            Create project
          </Button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={submit} noValidate>
        <p className="muted">Projects keep a team&apos;s crawls apart, such as one per website or client.</p>
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
          data-autofocus
        />
      </form>
    </Modal>
  );
}
