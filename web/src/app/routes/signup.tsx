import { AuthScreen } from '@/features/identity';

export function Component() {
  return <AuthScreen initialMode="signup" />;
}
