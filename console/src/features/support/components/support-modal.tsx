import { TrawlApiError } from '@trawl/sdk';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { CloseIcon, PaperclipIcon } from '../../../components/ui/icons';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast/toast-store';
import { reportFailure } from '../../../lib/report-failure';
import { useTrawl } from '../../../lib/session';
import { ACCEPT, MAX_FILES, attachmentProblem, formatSize } from '../attachment-rules';

/** SPEC.md sections 2 and 8: the sidebar's Support dialog (subject, message, attachments). */
export function SupportModal({ onClose }: { onClose(): void }) {
  const formId = useId();
  const trawl = useTrawl();
  const fileInput = useRef<HTMLInputElement>(null);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);

  const addFiles = (chosen: FileList | null) => {
    const next = [...files, ...(chosen ? [...chosen] : [])];
    setFiles(next);
    setError(attachmentProblem(next));
    if (fileInput.current) fileInput.current.value = '';
  };
  const removeFile = (index: number) => {
    const next = files.filter((_, i) => i !== index);
    setFiles(next);
    setError(attachmentProblem(next));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!subject.trim() || !message.trim()) return setError('Please fill in all fields');
    const problem = attachmentProblem(files);
    if (problem) return setError(problem);
    setSubmitting(true);
    try {
      await trawl.support.send({ subject: subject.trim(), message: message.trim(), files });
      toast.success('Your support request has been sent');
      setSent(true);
    } catch (err: unknown) {
      reportFailure('sendSupportRequest', err);
      // The server says which file it refused and why.
      if (err instanceof TrawlApiError && err.status < 500) setError(err.message);
    } finally {
      setSubmitting(false);
    }
  };

  if (sent) {
    return (
      <Modal title="Support" onClose={onClose} footer={<Button onClick={onClose}>Close</Button>}>
        <FormAlert tone="success">
          <strong>Your support request has been sent</strong>
          <br />
          Our support team will reply to your email as soon as possible
        </FormAlert>
      </Modal>
    );
  }

  return (
    <Modal
      title="Support"
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} loading={submitting}>
            Send
          </Button>
        </>
      }
    >
      <form id={formId} className="form support-form" onSubmit={submit} noValidate>
        <p className="muted">Tell us what went wrong or what you need; we answer by email.</p>
        {error && <FormAlert>{error}</FormAlert>}
        <TextField
          label="Subject"
          value={subject}
          onChange={(value) => {
            setSubject(value);
            setError(null);
          }}
          maxLength={200}
          data-autofocus
        />
        <Field label="Message">
          {(props) => (
            <textarea
              {...props}
              className="input textarea"
              rows={6}
              maxLength={10000}
              value={message}
              onChange={(e) => {
                setMessage(e.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
        <div className="field">
          <span className="field__label">Attachments</span>
          {files.length > 0 && (
            <ul className="attachment-list" aria-label="Attachments">
              {files.map((file, i) => (
                <li key={`${file.name}-${i}`} className="attachment-list__item">
                  <PaperclipIcon />
                  <span className="attachment-list__name" title={file.name}>
                    {file.name}
                  </span>
                  <span className="muted">{formatSize(file.size)}</span>
                  <button
                    type="button"
                    className="icon-button icon-button--sm"
                    aria-label={`Remove ${file.name}`}
                    onClick={() => removeFile(i)}
                  >
                    <CloseIcon />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <label className="button button--ghost button--sm attachment-picker">
            <PaperclipIcon />
            Attach files
            <input
              ref={fileInput}
              type="file"
              multiple
              accept={ACCEPT}
              className="visually-hidden"
              aria-label="Attach files"
              onChange={(e) => addFiles(e.target.files)}
            />
          </label>
          <p className="field__hint">PNG, JPEG or PDF; up to {MAX_FILES} files, 5 MB each, 10 MB in all.</p>
        </div>
      </form>
    </Modal>
  );
}
