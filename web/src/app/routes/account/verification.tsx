import { VerificationScreen } from '@/features/identity';

export function Component() {
  return <VerificationScreen />;
}
