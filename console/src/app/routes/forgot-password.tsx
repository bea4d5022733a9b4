import { Link } from 'wouter';
import { ChevronLeftIcon } from '../../components/ui/icons';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { AuthLayout } from '../layout/auth-layout';

export function ForgotPasswordRoute() {
  return (
    <AuthLayout
      title="Reset your password"
      lead="Enter the email of your account and we will send you a link to set a new password."
      footer={
        <Link href="/login" className="auth__back">
          <ChevronLeftIcon />
          Back to login
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
