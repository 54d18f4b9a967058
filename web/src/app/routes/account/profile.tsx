import { ProfileScreen } from '@/features/identity';

export function Component() {
  return <ProfileScreen />;
}
