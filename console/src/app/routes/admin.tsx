import type { ReactNode } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import { AdminCrawlsView } from '../../features/admin/components/admin-crawls';
import { AdminHealthView } from '../../features/admin/components/admin-health';
import { AdminSupportView } from '../../features/admin/components/admin-support';
import { isAdmin, useUser } from '../../lib/session';

const TABS = [
  { href: '/admin/health', label: 'Health' },
  { href: '/admin/crawl', label: 'Crawls' },
  { href: '/admin/support', label: 'Support' },
];

/** Admins only, child routes included (the server refuses the calls too): anyone else goes to /home. */
function AdminLayout({ children }: { children: ReactNode }) {
  const user = useUser();
  const [location] = useLocation();
  if (!isAdmin(user)) return <Redirect to="/home" replace />;
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1 className="page-header__title">Admin</h1>
          <p className="page-header__subtitle">
            The service&apos;s health, every team&apos;s crawls, and support requests.
          </p>
        </div>
      </header>
      <nav className="tab-strip" aria-label="Admin">
        {TABS.map((t) => (
          <Link
            key={t.href}
            href={t.href}
            className="tab-strip__tab"
            aria-current={location === t.href ? 'page' : undefined}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {children}
    </div>
  );
}

export function AdminRoute({ view }: { view: 'index' | 'health' | 'crawl' | 'support' }) {
  return (
    <AdminLayout>
      {view === 'index' && <Redirect to="/admin/health" replace />}
      {view === 'health' && <AdminHealthView />}
      {view === 'crawl' && <AdminCrawlsView />}
      {view === 'support' && <AdminSupportView />}
    </AdminLayout>
  );
}
