import { Link } from 'wouter';
import { CloseIcon, MenuIcon, TrawlLogo } from '../../components/ui/icons';

/** Below 768px: the logo (back to /home) and the burger that opens the sidebar. */
export function MobileHeader({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu(): void }) {
  return (
    <header className="mobile-header">
      <Link href="/home" className="mobile-header__brand" aria-label="Trawl home">
        <TrawlLogo />
      </Link>
      <button
        type="button"
        className="icon-button icon-button--md"
        aria-label={menuOpen ? 'Close menu' : 'Open menu'}
        aria-expanded={menuOpen}
        aria-controls="sidebar"
        onClick={onToggleMenu}
      >
        {menuOpen ? <CloseIcon /> : <MenuIcon />}
      </button>
    </header>
  );
}
