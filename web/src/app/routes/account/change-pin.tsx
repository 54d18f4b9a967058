import { ChangePinScreen } from '@/features/account';

export function Component() {
  return <ChangePinScreen />;
}
