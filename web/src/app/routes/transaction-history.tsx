import { HistoryScreen } from '@/features/wallet';

export function Component() {
  return <HistoryScreen />;
}
