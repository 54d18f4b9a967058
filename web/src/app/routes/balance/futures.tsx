import { MarginScreen } from '@/features/perps';

export function Component() {
  return <MarginScreen />;
}
