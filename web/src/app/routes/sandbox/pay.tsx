import { SandboxPayScreen } from '@/features/wallet';

export function Component() {
  return <SandboxPayScreen />;
}
