import type { Crawl, CrawlResult, ProblemType } from '@trawl/sdk';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { RefreshIcon } from '../../../components/ui/icons';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toast/toast-store';
import { reportFailure } from '../../../lib/report-failure';
import { useTrawl } from '../../../lib/session';

/** SPEC.md section 2: the report modal's subjects, in its order. */
export const PROBLEM_SUBJECTS: Array<{ value: ProblemType; label: string }> = [
  { value: 'missing_information', label: 'Missing information' },
  { value: 'too_much_information', label: 'Too much information' },
  { value: 'incorrect_information', label: 'Incorrect information' },
  { value: 'duplicate_information', label: 'Duplicate information' },
  { value: 'other', label: 'Other' },
];

interface ReportProblemModalProps {
  crawl: Crawl;
  result: CrawlResult;
  onClose(): void;
  /** Opens the Run crawl modal with these settings (the crawl's, with deduplication overridden). */
  onRecrawl(settings: Crawl): void;
}

/** 'Report a problem' with one result; where deduplication explains the problem, it offers the recrawl that fixes it. */
export function ReportProblemModal({ crawl, result, onClose, onRecrawl }: ReportProblemModalProps) {
  const formId = useId();
  const trawl = useTrawl();
  const [problemType, setProblemType] = useState<ProblemType>('missing_information');
  const [description, setDescription] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const removed = result.duplicatesRemovedCount;

  const recrawl = (deduplicateContent: boolean) => {
    onClose();
    onRecrawl({ ...crawl, deduplicateContent });
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    try {
      await trawl.support.reportCrawlResult({ crawlResultId: result.id, problemType, description });
      toast.success('Report submitted successfully');
      onClose();
    } catch (err: unknown) {
      reportFailure('submitReport', err);
      setSubmitting(false);
    }
  };

  return (
    <Modal
      title="Report a problem"
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} loading={submitting}>
            Submit report
          </Button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={submit} noValidate>
        <p className="muted report-problem__url" title={result.url}>
          #{result.position} {result.url}
        </p>
        <Field label="Subject">
          {(props) => (
            <select
              {...props}
              className="input select"
              value={problemType}
              onChange={(e) => setProblemType(e.target.value as ProblemType)}
              data-autofocus
            >
              {PROBLEM_SUBJECTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {problemType === 'missing_information' && removed > 0 && (
          <FormAlert tone="info">
            <p>
              {removed === 1
                ? '1 duplicate text fragment was removed from this page'
                : `${removed} duplicate text fragments were removed from this page`}
              , because it repeats content of other pages of this crawl. Recrawl without deduplication to keep
              it.
            </p>
            <Button size="sm" icon={<RefreshIcon />} onClick={() => recrawl(false)}>
              Recrawl without deduplication
            </Button>
          </FormAlert>
        )}
        {problemType === 'duplicate_information' && removed === 0 && (
          <FormAlert tone="info">
            <p>
              Duplicate paragraphs were not removed from this page. Recrawl with deduplication to keep each
              repeated paragraph only where it first appears.
            </p>
            <Button size="sm" icon={<RefreshIcon />} onClick={() => recrawl(true)}>
              Recrawl with deduplication
            </Button>
          </FormAlert>
        )}
        <Field label="Additional details">
          {(props) => (
            <textarea
              {...props}
              className="input textarea"
              rows={4}
              maxLength={5000}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </Field>
      </form>
    </Modal>
  );
}
