import type { Crawl, Folder } from '@trawl/sdk';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toast/toast-store';
import { reportFailure } from '../../../lib/report-failure';
import { useTrawl } from '../../../lib/session';
import { displayUrl } from '../../../lib/urls';

const TOP = '';

/** Moves a crawl into one of the project's folders, or back to the top of the project. */
export function MoveCrawlModal({
  crawl,
  folders,
  onClose,
  onMoved,
}: {
  crawl: Crawl;
  folders: Folder[];
  onClose(): void;
  onMoved(): void;
}) {
  const formId = useId();
  const trawl = useTrawl();
  const [target, setTarget] = useState(crawl.parentId ?? TOP);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (target === (crawl.parentId ?? TOP)) return onClose();
    setSubmitting(true);
    try {
      await trawl.folders.move(crawl.id, target === TOP ? null : target);
      const name = folders.find((f) => f.id === target)?.name;
      toast.success(name ? `Moved to ${name}` : 'Moved out of its folder');
      onMoved();
      onClose();
    } catch (err: unknown) {
      reportFailure('moveCrawl', err);
      setSubmitting(false);
    }
  };

  return (
    <Modal
      title="Move crawl"
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} loading={submitting}>
            Move
          </Button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={submit} noValidate>
        <p className="muted" title={crawl.startUrls[0]}>
          {displayUrl(crawl.startUrls[0] ?? '')}
        </p>
        <Field label="Folder">
          {(props) => (
            <select
              {...props}
              className="input select"
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              data-autofocus
            >
              <option value={TOP}>No folder (top of the project)</option>
              {folders.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </form>
    </Modal>
  );
}
