import type { ReactNode } from 'react';
import { AlertIcon } from './icons';

/** A notice across the top of every page, such as the partial-outage banner. */
export function Banner({ tone = 'warn', children }: { tone?: 'warn' | 'danger'; children: ReactNode }) {
  return (
    <div className={`banner banner--${tone}`} role="status">
      <AlertIcon className="banner__icon" />
      <p className="banner__text">{children}</p>
    </div>
  );
}
