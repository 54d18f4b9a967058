import { PrivacyScreen } from '@/features/account';

export function Component() {
  return <PrivacyScreen />;
}
