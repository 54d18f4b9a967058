import { ManageSessionScreen } from '@/features/account';

export function Component() {
  return <ManageSessionScreen />;
}
