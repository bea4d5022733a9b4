import { useState, type ReactNode } from 'react';
import { OutageBanner } from '../../features/outage/components/outage-banner';
import { SupportModal } from '../../features/support/components/support-modal';
import { BillingBanners } from '../../features/billing/components/billing-banners';
import { InviteMembersModal } from '../../features/team/components/invite-members-modal';
import { MobileHeader } from './mobile-header';
import { Sidebar } from './sidebar';

/** Sidebar, mobile header, banners and the page. */
export function AppLayout({ mode, children }: { mode: 'team' | 'public'; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [support, setSupport] = useState(false);
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <MobileHeader menuOpen={menuOpen} onToggleMenu={() => setMenuOpen(!menuOpen)} />
      <Sidebar
        mode={mode}
        open={menuOpen}
        onNavigate={() => setMenuOpen(false)}
        onInviteMembers={() => setInviting(true)}
        onSupport={() => setSupport(true)}
      />
      {menuOpen && <div className="sidebar-scrim" aria-hidden="true" onClick={() => setMenuOpen(false)} />}
      <main id="main" className="app-main" tabIndex={-1}>
        <OutageBanner />
        {mode === 'team' && <BillingBanners />}
        {children}
      </main>
      {inviting && <InviteMembersModal onClose={() => setInviting(false)} />}
      {support && <SupportModal onClose={() => setSupport(false)} />}
    </div>
  );
}
