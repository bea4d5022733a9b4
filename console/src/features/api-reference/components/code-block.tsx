import { useId, useState } from 'react';
import { CopyButton } from '../../../components/ui/copy-button';
import { ChevronDownIcon } from '../../../components/ui/icons';

/** Blocks longer than this many lines start collapsed behind 'Expand code'. */
const COLLAPSE_AFTER_LINES = 12;

export function CodeBlock({ code, label }: { code: string; label: string }) {
  const id = useId();
  const long = code.split('\n').length > COLLAPSE_AFTER_LINES;
  const [expanded, setExpanded] = useState(false);
  const collapsed = long && !expanded;
  return (
    <div className={`code-block${collapsed ? ' code-block--collapsed' : ''}`}>
      <div className="code-block__bar">
        <span className="code-block__label">{label}</span>
        <CopyButton text={code} label="Copy" ariaLabel={`Copy ${label}`} className="code-block__copy" />
      </div>
      <pre id={id} className="code-block__code" tabIndex={0} aria-label={label}>
        <code>{code}</code>
      </pre>
      {long && (
        <button
          type="button"
          className="code-block__expand"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
        >
          <ChevronDownIcon className={expanded ? 'rotate-180' : undefined} />
          {expanded ? 'Collapse code' : 'Expand code'}
        </button>
      )}
    </div>
  );
}
