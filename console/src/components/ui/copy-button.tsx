import { useEffect, useRef, useState } from 'react';
import { copyText } from '../../lib/clipboard';
import { toast } from './toast/toast-store';
import { CheckIcon, CopyIcon } from './icons';

interface CopyButtonProps {
  text: string;
  /** Visible text; icon-only when absent. */
  label?: string;
  /** The accessible name of an icon-only button. */
  ariaLabel?: string;
  className?: string;
}

/** Copies `text`; the label turns to 'Copied' for a moment. */
export function CopyButton({ text, label, ariaLabel, className }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onClick = async (event: React.MouseEvent) => {
    event.stopPropagation();
    try {
      await copyText(text);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 1500);
    } catch {
      toast.error('Could not copy to the clipboard');
    }
  };

  if (!label) {
    return (
      <button
        type="button"
        className={`icon-button icon-button--sm ${className ?? ''}`}
        aria-label={copied ? 'Copied' : (ariaLabel ?? 'Copy')}
        onClick={onClick}
      >
        {copied ? <CheckIcon /> : <CopyIcon />}
      </button>
    );
  }
  return (
    <button
      type="button"
      className={`button button--ghost button--sm ${className ?? ''}`}
      aria-label={ariaLabel}
      onClick={onClick}
    >
      {copied ? <CheckIcon /> : <CopyIcon />}
      <span aria-live="polite">{copied ? 'Copied' : label}</span>
    </button>
  );
}
