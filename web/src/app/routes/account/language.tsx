import { LanguageScreen } from '@/features/account';

export function Component() {
  return <LanguageScreen />;
}
