import { AuthScreen } from '@/features/auth';

export function Component() {
  return <AuthScreen initialMode="login" />;
}
