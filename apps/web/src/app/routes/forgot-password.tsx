import { AuthLayout } from '@/features/auth/components/auth-layout.tsx';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form.tsx';

export default function ForgotPasswordRoute() {
  return (
    <AuthLayout title="Forgot password">
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
