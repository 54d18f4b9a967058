import { LanguageScreen } from '@/features/preferences';

export function Component() {
  return <LanguageScreen />;
}
