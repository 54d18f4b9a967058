import { ManageSessionScreen } from '@/features/identity';

export function Component() {
  return <ManageSessionScreen />;
}
