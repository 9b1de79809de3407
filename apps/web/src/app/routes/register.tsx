import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/features/auth/components/auth-layout.tsx';
import { RegisterForm } from '@/features/auth/components/register-form.tsx';

/** /register (route name signup), with an optional referralCode from a friend's link. */
export default function RegisterRoute() {
  const [searchParams] = useSearchParams();
  return (
    <AuthLayout
      title="Sign up"
      description="Create your Sample First account to save your quiz, get 4 protein powder samples matched to you, and shop full-size tubs at member prices."
    >
      <RegisterForm referralCode={searchParams.get('referralCode')} />
    </AuthLayout>
  );
}
