import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorScreen } from '@/components/errors/error-screen';
import { reportError } from '@/lib/error-reporting';

/** A route's render or loading error: logged (R8.10), shown localised with a reload. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    reportError(error);
  }, [error]);
  return <ErrorScreen />;
}
