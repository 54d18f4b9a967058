import { AccountLayout } from '@/components/layout/account-layout';

export function Component() {
  return <AccountLayout />;
}
