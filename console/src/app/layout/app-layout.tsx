import { useState, type ReactNode } from 'react';
import { ApiReferenceModal } from '../../features/api-reference/components/api-reference-modal';
import { useAuth } from '../../lib/auth';
import { MobileHeader } from './mobile-header';
import { Sidebar } from './sidebar';

/** Sidebar, mobile header and the page; the Documentation entry opens the API Reference. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { disconnect } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const [docsOpen, setDocsOpen] = useState(false);
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <MobileHeader menuOpen={menuOpen} onToggleMenu={() => setMenuOpen(!menuOpen)} />
      <Sidebar open={menuOpen} onNavigate={() => setMenuOpen(false)} onOpenDocumentation={() => setDocsOpen(true)} onDisconnect={() => disconnect()} />
      {menuOpen && <div className="sidebar-scrim" aria-hidden="true" onClick={() => setMenuOpen(false)} />}
      <main id="main" className="app-main" tabIndex={-1}>
        {children}
      </main>
      {docsOpen && <ApiReferenceModal onClose={() => setDocsOpen(false)} />}
    </div>
  );
}
