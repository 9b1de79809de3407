import { OrderHistory } from '@/features/order-history/components/order-history.tsx';
import { ProfilePage } from '@/features/profile/components/profile-page.tsx';

/** /profile (guarded): Account Info, Change Password, Fitness Profile and Order History. */
export default function ProfileRoute() {
  return <ProfilePage orderHistory={<OrderHistory />} />;
}
