import { Link, useLocation, useSearchParams } from 'wouter';
import { ChevronLeftIcon } from '../../components/ui/icons';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { AuthLayout } from '../layout/auth-layout';

const backToLogin = (
  <Link href="/login" className="auth__back">
    <ChevronLeftIcon />
    Back to login
  </Link>
);

/** /reset-password?token=...: a new password; without a token, a way to ask for a new link. */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const token = params.get('token')?.trim();
  if (!token) {
    return (
      <AuthLayout
        title="Invalid Reset Link"
        lead="This password reset link is incomplete. Links from reset emails work once, for 60 minutes."
        footer={backToLogin}
      >
        <Link href="/forgot-password" className="button button--primary button--md button--block">
          Request a new link
        </Link>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Set a new password"
      lead="Choose a new password for your account."
      footer={backToLogin}
    >
      <ResetPasswordForm token={token} onReset={() => navigate('/login', { replace: true })} />
    </AuthLayout>
  );
}
