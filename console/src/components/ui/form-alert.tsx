import type { ReactNode } from 'react';
import { CheckCircleIcon, ErrorCircleIcon, InfoIcon } from './icons';

const ICONS = { error: ErrorCircleIcon, success: CheckCircleIcon, info: InfoIcon };

/** A message about a whole form: why it was refused, or what happened. */
export function FormAlert({
  tone = 'error',
  children,
}: {
  tone?: 'error' | 'success' | 'info';
  children: ReactNode;
}) {
  const Icon = ICONS[tone];
  return (
    <div className={`form-alert form-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <Icon className="form-alert__icon" />
      <div className="form-alert__text">{children}</div>
    </div>
  );
}
