import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/features/auth/components/auth-layout.tsx';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form.tsx';

/** /reset-password?token&email, the link of the reset mail. */
export default function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  return (
    <AuthLayout
      title="Choose a new password"
      description="Choose a new password for your Sample First account."
    >
      <ResetPasswordForm token={searchParams.get('token')} email={searchParams.get('email')} />
    </AuthLayout>
  );
}
