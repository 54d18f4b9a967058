import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useMe } from '@/api/user-me';
import { userStatusQueryOptions } from '../api/user-status';
import { MountWhenOpened } from '@/components/ui/mount-when-opened';
import { lazyNamed } from '@/lib/lazy-named';
import { useAppStore } from '@/lib/store';
import { usePinActivity } from '../hooks/use-pin-activity';
import { useSessionMetadata } from '../hooks/use-session-metadata';

// On every page but rarely open: their code (and MUI's Dialog) loads when first needed.
const LogoutDialog = lazyNamed(() => import('./logout-dialog'), 'LogoutDialog');
const AcceptTermsDialog = lazyNamed(() => import('./accept-terms-dialog'), 'AcceptTermsDialog');

/**
 * The session's background work and its app-wide modals:
 * - user details (R3.17) from `/api/v3/user/me` when a session exists without them (a reload);
 * - the fetch-user-status flag (R8.03): fetch `/api/v4/user/status` again, clear the flag, and ask
 *   for the terms when they are not accepted;
 * - the accept-terms modal when the user details say the terms are not accepted (once per load; a
 *   later 040 brings it back);
 * - activity keeps the PIN timestamp fresh; the logout modal;
 * - once per browser session, the client metadata and the CleverTap profile.
 */
export function AuthLayer() {
  const loggedIn = useAppStore((state) => state.auth.accessToken !== null);
  const userDetails = useAppStore((state) => state.auth.userDetails);
  const fetchUserStatus = useAppStore((state) => state.auth.fetchUserStatus);
  const updateAuth = useAppStore((state) => state.updateAuth);
  const logoutOpen = useAppStore((state) => state.auth.logoutModal);
  const termsOpen = useAppStore((state) => state.auth.acceptTermsModal);
  const queryClient = useQueryClient();
  const me = useMe({ enabled: loggedIn && userDetails === null });
  const termsAsked = useRef(false);

  usePinActivity(loggedIn);
  useSessionMetadata(loggedIn ? userDetails : null);

  useEffect(() => {
    if (me.data && loggedIn && userDetails === null) updateAuth({ userDetails: me.data });
  }, [me.data, loggedIn, userDetails, updateAuth]);

  useEffect(() => {
    if (!loggedIn) termsAsked.current = false;
    if (!loggedIn || !userDetails || userDetails.termsAccepted || termsAsked.current) return;
    termsAsked.current = true;
    updateAuth({ acceptTermsModal: true });
  }, [loggedIn, userDetails, updateAuth]);

  useEffect(() => {
    if (!fetchUserStatus) return;
    updateAuth({ fetchUserStatus: false });
    if (!loggedIn) return;
    void queryClient
      .fetchQuery({ ...userStatusQueryOptions(), staleTime: 0 })
      .then((status) => {
        if (!status.termsAccepted) updateAuth({ acceptTermsModal: true });
      })
      .catch(() => undefined);
  }, [fetchUserStatus, loggedIn, queryClient, updateAuth]);

  return (
    <>
      <MountWhenOpened open={logoutOpen}>
        <LogoutDialog />
      </MountWhenOpened>
      <MountWhenOpened open={termsOpen}>
        <AcceptTermsDialog />
      </MountWhenOpened>
    </>
  );
}
