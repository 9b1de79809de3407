import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/features/auth/components/auth-layout.tsx';
import { LoginForm } from '@/features/auth/components/login-form.tsx';
import { safeReturnUrl } from '@/features/auth/utils/return-url.ts';

/** /login?returnUrl: a relative path on this site, else /membership. */
export default function LoginRoute() {
  const [searchParams] = useSearchParams();
  return (
    <AuthLayout
      title="Log in"
      description="Log in to your Sample First account to see your boxes, choose your samples and shop full-size tubs at member prices."
    >
      <LoginForm returnUrl={safeReturnUrl(searchParams.get('returnUrl'))} />
    </AuthLayout>
  );
}
