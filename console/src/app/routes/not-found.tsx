import { Link } from 'wouter';
import { EmptyState } from '../../components/ui/empty-state';
import { FileSearchIcon } from '../../components/ui/icons';

export function NotFoundRoute() {
  return (
    <div className="page">
      <div className="card">
        <EmptyState
          icon={<FileSearchIcon />}
          title="Page not found"
          description="There is nothing at this address."
          actions={
            <Link href="/home" className="button button--primary button--md">
              Back to crawls
            </Link>
          }
        />
      </div>
    </div>
  );
}
