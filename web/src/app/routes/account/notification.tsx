import { NotificationScreen } from '@/features/preferences';

export function Component() {
  return <NotificationScreen />;
}
