import { AuthLayout } from '@/features/auth/components/auth-layout.tsx';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form.tsx';

export default function ForgotPasswordRoute() {
  return (
    <AuthLayout
      title="Forgot password"
      description="Forgot your Sample First password? Enter your email address and we will send you a link to choose a new one."
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
