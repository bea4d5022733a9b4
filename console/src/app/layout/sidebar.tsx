import { Link, useLocation } from 'wouter';
import { BookIcon, HomeIcon, LogOutIcon, TrawlLogo } from '../../components/ui/icons';

interface SidebarProps {
  open: boolean;
  onNavigate(): void;
  onOpenDocumentation(): void;
  onDisconnect(): void;
}

/** The 240px sidebar; on mobile a drawer the header's burger opens. */
export function Sidebar({ open, onNavigate, onOpenDocumentation, onDisconnect }: SidebarProps) {
  const [location] = useLocation();
  const homeActive = location === '/home' || location.startsWith('/crawl-result/');
  return (
    <aside id="sidebar" className={`sidebar${open ? ' sidebar--open' : ''}`} aria-label="Sidebar">
      <Link href="/home" className="sidebar__brand" onClick={onNavigate} aria-label="Trawl home">
        <TrawlLogo />
      </Link>
      <nav className="sidebar__nav" aria-label="Main">
        <Link href="/home" className={`nav-item${homeActive ? ' nav-item--active' : ''}`} aria-current={homeActive ? 'page' : undefined} onClick={onNavigate}>
          <HomeIcon />
          Home
        </Link>
        <button
          type="button"
          className="nav-item"
          onClick={() => {
            onNavigate();
            onOpenDocumentation();
          }}
        >
          <BookIcon />
          Documentation
        </button>
      </nav>
      <div className="sidebar__footer">
        <button type="button" className="nav-item" onClick={onDisconnect}>
          <LogOutIcon />
          Disconnect
        </button>
      </div>
    </aside>
  );
}
