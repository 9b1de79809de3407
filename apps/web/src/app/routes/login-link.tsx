import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/features/auth/components/auth-layout.tsx';
import { LoginLinkStatus } from '@/features/auth/components/login-link-status.tsx';

/** /login-link?token=, the link of the login-link mail (docs/product.md#log-in-with-a-link). */
export default function LoginLinkRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return (
    <AuthLayout
      title="Log in with a link"
      description="Log in to your Sample First account with an emailed link."
    >
      <LoginLinkStatus key={token} token={token} />
    </AuthLayout>
  );
}
