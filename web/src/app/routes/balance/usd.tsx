import { UsdScreen } from '@/features/wallet';

export function Component() {
  return <UsdScreen />;
}
