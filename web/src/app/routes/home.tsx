import { HomeDashboard, HomeScreen } from '@/features/home';
import { TopMovers } from '@/features/markets';
import { HoldingsSummary, PortfolioValue } from '@/features/portfolio';
import { RecentOrders } from '@/features/trading';
import { BalanceCard } from '@/features/wallet';
import { useAppStore } from '@/lib/store';

/** Home: the product page for visitors; the account at a glance once signed in. */
export function Component() {
  const loggedIn = useAppStore((state) => state.auth.accessToken !== null);
  if (!loggedIn) return <HomeScreen />;
  return (
    <HomeDashboard
      value={<PortfolioValue />}
      balance={<BalanceCard />}
      holdings={<HoldingsSummary />}
      orders={<RecentOrders />}
      movers={<TopMovers tab="CRYPTO" />}
    />
  );
}
