import { Link, useLocation } from 'wouter';
import { PUBLIC_MAX_RESULTS, TryOutForm } from '../../features/try-out/components/try-out-form';
import { AuthLayout } from '../layout/auth-layout';

/** The public try-out: one crawl without an account, then its results at /crawl-result/{id}?public=true. */
export function TryRoute() {
  const [, navigate] = useLocation();
  return (
    <AuthLayout
      title="Try Trawl, no account needed"
      lead={`Give Trawl a website and get up to ${PUBLIC_MAX_RESULTS} of its pages back as clean markdown.`}
      footer={
        <>
          <p>
            Want more pages, sitemaps and whole websites? <Link href="/signup">Create account</Link>
          </p>
          <p>
            Already have one? <Link href="/login">Sign in</Link>
          </p>
        </>
      }
    >
      <TryOutForm onStarted={(id) => navigate(`/crawl-result/${id}?public=true`)} />
    </AuthLayout>
  );
}
