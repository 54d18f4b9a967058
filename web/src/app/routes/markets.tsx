import { MarketsScreen } from '@/features/markets';

export function Component() {
  return <MarketsScreen />;
}
