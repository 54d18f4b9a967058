import { UsdScreen } from '@/features/usd';

export function Component() {
  return <UsdScreen />;
}
