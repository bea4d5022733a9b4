import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { AccountSettings } from '../../features/account/components/account-settings';
import { ApiTokensCard } from '../../features/api-tokens/components/api-tokens-card';
import { BillingSettings } from '../../features/billing/components/billing-settings';
import { ProjectSettings } from '../../features/projects/components/project-settings';
import { TeamSettings } from '../../features/team/components/team-settings';
import { WebhooksCard } from '../../features/webhooks/components/webhooks-card';

/** SPEC.md section 2: the tab strip shows Project, Team and Billing; the account is /settings itself. */
const TABS = [
  { href: '/settings/project', label: 'Project' },
  { href: '/settings/team', label: 'Team' },
  { href: '/settings/billing', label: 'Billing' },
];

export type SettingsTab = 'account' | 'project' | 'team' | 'billing';

const SUBTITLES: Record<SettingsTab, string> = {
  account: 'Your name, password and sessions.',
  project: 'The current project, the API tokens of your team, and webhooks.',
  team: 'Who is in your team, and who is invited.',
  billing: 'Your plan, invoices and payment method.',
};

function SettingsLayout({ tab, children }: { tab: SettingsTab; children: ReactNode }) {
  const [location] = useLocation();
  return (
    <div className="page page--narrow">
      <header className="page-header">
        <div>
          <h1 className="page-header__title">Settings</h1>
          <p className="page-header__subtitle">{SUBTITLES[tab]}</p>
        </div>
      </header>
      <nav className="tab-strip" aria-label="Settings">
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
      <div className="settings-stack">{children}</div>
    </div>
  );
}

export function SettingsRoute({ tab }: { tab: SettingsTab }) {
  return (
    <SettingsLayout tab={tab}>
      {tab === 'account' && <AccountSettings />}
      {tab === 'project' && (
        <>
          <ProjectSettings />
          <ApiTokensCard />
          <WebhooksCard />
        </>
      )}
      {tab === 'team' && <TeamSettings />}
      {tab === 'billing' && <BillingSettings />}
    </SettingsLayout>
  );
}
