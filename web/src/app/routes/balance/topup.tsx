import { TopupScreen } from '@/features/wallet';

export function Component() {
  return <TopupScreen />;
}
