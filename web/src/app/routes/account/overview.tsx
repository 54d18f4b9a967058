import { AccountOverview } from '@/features/account';

export function Component() {
  return <AccountOverview />;
}
