import { getSalesforceWebInfo } from '../api/session-metadata';
import { leaveTo } from '@/lib/navigation';

/**
 * R3.16, R2.11: a log-in opened with `loginSalesforce=true` is a support log-in: once the session
 * exists, ask the server for the user's support identifier and send the browser to the support site
 * with it. Rejects when the call fails (the caller stays in the app).
 */
export async function redirectToSupport(): Promise<void> {
  const info = await getSalesforceWebInfo();
  leaveTo(info.redirectUrl);
}
