import { Link, Redirect, useLocation, useSearchParams } from 'wouter';
import { PageSpinner } from '../../components/ui/spinner';
import { LoginForm } from '../../features/auth/components/login-form';
import { useSession } from '../../lib/session';
import { AuthLayout } from '../layout/auth-layout';
import { safeNextPath } from '../next-path';

export function LoginRoute() {
  const { state, signedIn } = useSession();
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const next = safeNextPath(params.get('next'));
  if (state.status === 'loading') return <PageSpinner label="Loading" />;
  if (state.status === 'signed-in') return <Redirect to={next} replace />;
  return (
    <AuthLayout
      title="Sign in to Trawl"
      lead="Welcome back. Sign in to run and manage your crawls."
      footer={
        <>
          <p>
            New to Trawl? <Link href="/signup">Create account</Link>
          </p>
          <p>
            Just looking? <Link href="/try">Try a crawl without an account</Link>
          </p>
        </>
      }
    >
      <LoginForm
        sessionEnded={state.status === 'signed-out' && state.ended}
        onSignedIn={(user) => {
          signedIn(user);
          navigate(next, { replace: true });
        }}
      />
    </AuthLayout>
  );
}
