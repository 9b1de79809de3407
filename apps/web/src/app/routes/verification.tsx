import { useParams } from 'react-router';
import { AuthLayout } from '@/features/auth/components/auth-layout.tsx';
import { VerificationStatus } from '@/features/auth/components/verification-status.tsx';

/** /verification/:code/:userId, the link of the verification mail. */
export default function VerificationRoute() {
  const { code = '', userId = '' } = useParams();
  return (
    <AuthLayout
      title="Email verification"
      description="Confirm the email address of your Sample First account."
    >
      <VerificationStatus key={`${userId}:${code}`} code={code} userId={userId} />
    </AuthLayout>
  );
}
