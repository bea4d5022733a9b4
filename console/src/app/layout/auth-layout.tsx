import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { TrawlLogo } from '../../components/ui/icons';

interface AuthLayoutProps {
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  /** Links under the panel, such as 'Create account'. */
  footer?: ReactNode;
}

/** The centred panel of the sign-in, sign-up, password and try-out pages (no sidebar). */
export function AuthLayout({ title, lead, children, footer }: AuthLayoutProps) {
  return (
    <main className="auth">
      <div className="auth__column">
        <div className="auth__panel">
          <Link href="/" className="auth__logo" aria-label="Trawl">
            <TrawlLogo />
          </Link>
          <h1 className="auth__title">{title}</h1>
          {lead && <p className="auth__lead">{lead}</p>}
          {children}
        </div>
        {footer && <div className="auth__footer">{footer}</div>}
      </div>
    </main>
  );
}
