export { AccountMenu } from './components/account-menu';
export { AuthLayer } from './components/auth-layer';
export { AuthScreen } from './components/auth-screen';
export { RequireAuth } from './components/require-auth';
