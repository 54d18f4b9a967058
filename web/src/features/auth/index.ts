export { AccountMenu } from './components/account-menu';
export { AuthLayer } from './components/auth-layer';
export { AuthScreen } from './components/auth-screen';
export { RequireAuth } from './components/require-auth';
export { PinEntryDialog } from './components/pin-entry-dialog';
export { verifySessionPin } from './api/verify-session-pin';
