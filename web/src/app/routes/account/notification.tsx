import { NotificationScreen } from '@/features/account';

export function Component() {
  return <NotificationScreen />;
}
