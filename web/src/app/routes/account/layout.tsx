import { AccountLayout } from '@/features/account';

export function Component() {
  return <AccountLayout />;
}
