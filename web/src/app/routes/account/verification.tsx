import { VerificationScreen } from '@/features/account';

export function Component() {
  return <VerificationScreen />;
}
