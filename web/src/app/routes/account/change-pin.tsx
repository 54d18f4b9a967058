import { ChangePinScreen } from '@/features/identity';

export function Component() {
  return <ChangePinScreen />;
}
