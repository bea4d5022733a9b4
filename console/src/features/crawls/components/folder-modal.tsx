import type { Folder } from '@trawl/sdk';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast/toast-store';
import { fieldMessage, reportFailure } from '../../../lib/report-failure';
import { useTrawl } from '../../../lib/session';

/** New folder, or (given one) rename it. */
export function FolderModal({
  folder,
  onClose,
  onSaved,
}: {
  folder?: Folder;
  onClose(): void;
  onSaved(folder: Folder): void;
}) {
  const formId = useId();
  const trawl = useTrawl();
  const [name, setName] = useState(folder?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Folder name is required');
    setSubmitting(true);
    try {
      const saved = folder
        ? await trawl.folders.rename(folder.id, name.trim())
        : await trawl.folders.create(name.trim());
      toast.success(folder ? 'Folder renamed' : 'Folder created');
      onSaved(saved);
      onClose();
    } catch (err: unknown) {
      const message = fieldMessage(err, 'name');
      if (message) setError(message);
      else reportFailure('saveFolder', err);
      setSubmitting(false);
    }
  };

  return (
    <Modal
      title={folder ? 'Rename folder' : 'New folder'}
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} loading={submitting}>
            {folder ? 'Rename' : 'Create folder'}
          </Button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={submit} noValidate>
        <TextField
          label="Folder name"
          value={name}
          onChange={(value) => {
            setName(value);
            setError(null);
          }}
          error={error}
          maxLength={100}
          data-autofocus
        />
      </form>
    </Modal>
  );
}
