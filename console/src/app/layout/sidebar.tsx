import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import {
  BookIcon,
  ClockIcon,
  ExternalLinkIcon,
  HomeIcon,
  LifeBuoyIcon,
  LogOutIcon,
  SettingsIcon,
  ShieldIcon,
  TrawlLogo,
  UserPlusIcon,
} from '../../components/ui/icons';
import { env } from '../../config/env';
import { ProjectSwitcher } from '../../features/projects/components/project-switcher';
import { isAdmin, useSession } from '../../lib/session';

interface SidebarProps {
  /** `public`: a try-out visitor (`?public=true`): Home, Settings and Invite Members are disabled, Logout is Sign Up. */
  mode: 'team' | 'public';
  open: boolean;
  onNavigate(): void;
  onInviteMembers(): void;
  onSupport(): void;
}

function NavLink({
  href,
  icon,
  label,
  active,
  onNavigate,
}: {
  href: string;
  icon: ReactNode;
  label: string;
  active: boolean;
  onNavigate(): void;
}) {
  return (
    <Link
      href={href}
      className={`nav-item${active ? ' nav-item--active' : ''}`}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    >
      {icon}
      {label}
    </Link>
  );
}

/** Shown for a try-out visitor instead of what needs an account. */
function DisabledItem({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <button type="button" className="nav-item" disabled title="Sign up to use this">
      {icon}
      {label}
    </button>
  );
}

/** The 240px sidebar (SPEC.md section 2); on mobile a drawer the header's burger opens. */
export function Sidebar({ mode, open, onNavigate, onInviteMembers, onSupport }: SidebarProps) {
  const [location, navigate] = useLocation();
  const { state, signOut } = useSession();
  const user = mode === 'team' && state.status === 'signed-in' ? state.user : null;
  const homeActive = location === '/home' || location.startsWith('/crawl-result/');

  return (
    <aside id="sidebar" className={`sidebar${open ? ' sidebar--open' : ''}`} aria-label="Sidebar">
      <Link
        href={user ? '/home' : '/try'}
        className="sidebar__brand"
        onClick={onNavigate}
        aria-label="Trawl home"
      >
        <TrawlLogo />
      </Link>
      {user && (
        <ProjectSwitcher
          onSwitched={() => {
            onNavigate();
            // A crawl belongs to one project: the list of the new project is where to go from one.
            if (location.startsWith('/crawl-result/')) navigate('/home');
          }}
        />
      )}
      <nav className="sidebar__nav" aria-label="Main">
        {user ? (
          <>
            <NavLink
              href="/home"
              icon={<HomeIcon />}
              label="Home"
              active={homeActive}
              onNavigate={onNavigate}
            />
            <NavLink
              href="/schedules"
              icon={<ClockIcon />}
              label="Schedules"
              active={location.startsWith('/schedules')}
              onNavigate={onNavigate}
            />
            <NavLink
              href="/settings"
              icon={<SettingsIcon />}
              label="Settings"
              active={location.startsWith('/settings')}
              onNavigate={onNavigate}
            />
          </>
        ) : (
          <>
            <DisabledItem icon={<HomeIcon />} label="Home" />
            <DisabledItem icon={<SettingsIcon />} label="Settings" />
          </>
        )}
        <a
          href={`${env.apiUrl}/docs`}
          target="_blank"
          rel="noopener noreferrer"
          className="nav-item"
          onClick={onNavigate}
        >
          <BookIcon />
          Documentation
          <ExternalLinkIcon className="nav-item__external" />
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        {user ? (
          <button
            type="button"
            className="nav-item"
            onClick={() => {
              onNavigate();
              onInviteMembers();
            }}
          >
            <UserPlusIcon />
            Invite Members
          </button>
        ) : (
          <DisabledItem icon={<UserPlusIcon />} label="Invite Members" />
        )}
        {user ? (
          <button
            type="button"
            className="nav-item"
            onClick={() => {
              onNavigate();
              onSupport();
            }}
          >
            <LifeBuoyIcon />
            Support
          </button>
        ) : (
          <DisabledItem icon={<LifeBuoyIcon />} label="Support" />
        )}
        {user && isAdmin(user) && (
          <NavLink
            href="/admin"
            icon={<ShieldIcon />}
            label="Admin"
            active={location.startsWith('/admin')}
            onNavigate={onNavigate}
          />
        )}
      </nav>
      <div className="sidebar__footer">
        {user ? (
          <>
            <Link href="/settings" className="sidebar__user" onClick={onNavigate}>
              <span className="member__avatar" aria-hidden="true">
                {user.firstName.charAt(0).toUpperCase()}
                {user.lastName.charAt(0).toUpperCase()}
              </span>
              <span className="sidebar__user-text">
                <span className="sidebar__user-name">
                  {user.firstName} {user.lastName}
                </span>
                <span className="sidebar__user-email">{user.email}</span>
              </span>
            </Link>
            <button
              type="button"
              className="nav-item"
              onClick={() => {
                onNavigate();
                void signOut();
              }}
            >
              <LogOutIcon />
              Logout
            </button>
          </>
        ) : (
          <Link href="/signup" className="nav-item nav-item--signup" onClick={onNavigate}>
            <UserPlusIcon />
            Sign Up
          </Link>
        )}
      </div>
    </aside>
  );
}
