import { paths } from '@/config/paths';

export type NavIcon = 'home' | 'markets' | 'portfolio' | 'wallet' | 'account';

/**
 * The app's main destinations, the same for guests and users: a guest who opens Portfolio, Wallet or
 * Account logs in first and comes back there (RequireAuth remembers the path, R2.04). Phones show them
 * as the bottom tab bar; wider screens in the header.
 */
export const NAV_ITEMS: ReadonlyArray<{
  to: string;
  labelKey: 'nav.home' | 'markets.nav' | 'portfolio.nav' | 'nav.wallet' | 'nav.account';
  icon: NavIcon;
  end: boolean;
}> = [
  { to: paths.home, labelKey: 'nav.home', icon: 'home', end: true },
  { to: paths.markets, labelKey: 'markets.nav', icon: 'markets', end: false },
  { to: paths.portfolio, labelKey: 'portfolio.nav', icon: 'portfolio', end: false },
  { to: paths.balance, labelKey: 'nav.wallet', icon: 'wallet', end: false },
  { to: paths.account, labelKey: 'nav.account', icon: 'account', end: false },
];
