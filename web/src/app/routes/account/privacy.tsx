import { PrivacyScreen } from '@/features/identity';

export function Component() {
  return <PrivacyScreen />;
}
