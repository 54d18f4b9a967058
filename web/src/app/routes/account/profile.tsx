import { ProfileScreen } from '@/features/account';

export function Component() {
  return <ProfileScreen />;
}
