import { NotFoundScreen } from '@/components/errors/not-found-screen';

export function Component() {
  return <NotFoundScreen />;
}
