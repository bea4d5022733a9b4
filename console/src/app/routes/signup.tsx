import { Link, Redirect, useLocation, useSearchParams } from 'wouter';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { PageSpinner } from '../../components/ui/spinner';
import { SignupForm } from '../../features/auth/components/signup-form';
import { useSession } from '../../lib/session';
import { AuthLayout } from '../layout/auth-layout';

/** /signup and /invite: an `inviteToken` joins the inviting team and changes the heading to a welcome. */
export function SignupRoute() {
  const { state, signedIn, signOut } = useSession();
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const inviteToken = params.get('inviteToken')?.trim() || null;

  if (state.status === 'loading') return <PageSpinner label="Loading" />;
  if (state.status === 'signed-in' && !inviteToken) return <Redirect to="/home" replace />;

  const title = inviteToken ? "You're invited to join a team on Trawl" : 'Create your Trawl account';
  const lead = inviteToken
    ? 'Welcome! Create your account to join your team and its crawls.'
    : 'Crawl any website into clean markdown. Your team and its first project are set up for you.';
  return (
    <AuthLayout
      title={title}
      lead={lead}
      footer={
        <p>
          Already have an account? <Link href="/login">Sign in</Link>
        </p>
      }
    >
      {state.status === 'signed-in' ? (
        // An invitation makes a new account: whoever is signed in here signs out first.
        <div className="form">
          <FormAlert tone="info">
            You are signed in as <strong>{state.user.email}</strong>. Sign out to accept this invitation with
            a new account.
          </FormAlert>
          <Button variant="primary" className="button--block" onClick={() => void signOut()}>
            Sign out and continue
          </Button>
          <Link href="/home" className="button button--ghost button--md button--block">
            Back to Trawl
          </Link>
        </div>
      ) : (
        <SignupForm
          inviteToken={inviteToken}
          onSignedUp={(user) => {
            signedIn(user);
            navigate('/home', { replace: true });
          }}
        />
      )}
    </AuthLayout>
  );
}
