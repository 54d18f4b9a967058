import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserChannels } from '@/lib/live/use-user-channels';
import { getUserLiveClient, type UserChannel } from '@/lib/live/user-live';
import { useAppStore } from '@/lib/store';
import { toast } from '@/lib/toast';
import { perpsKey, perpsKeys } from '../api/keys';
import type { PerpLiquidation, PerpPositions } from '../api/types';

/** A perp order's every change is published on `orders`; a margin transfer nudges `balances`. */
const ORDER_CHANNELS: readonly UserChannel[] = ['orders', 'balances'];
/** The perpetuals queries (orders, margin wallet, leverage) and the portfolio; literals: features do not import each other. */
const ORDER_STALE_KEYS: readonly (readonly string[])[] = [perpsKey, ['portfolio']];
const POSITIONS_CHANNELS: readonly UserChannel[] = ['positions'];
/**
 * The `positions` channel sends the whole marked book once a second: its frames are written into the
 * positions query rather than refetched, so nothing here is made stale by them.
 */
const NOTHING_STALE: readonly (readonly string[])[] = [];
/** Liquidations already told: every screen listening hears the frame, and a late listener gets it again. */
const toldLiquidations = new Set<string>();

/**
 * While logged in: the user's perp orders and margin over `orders` and `balances`, and the positions
 * (`positions` frames, the same body as GET /v1/perps/positions) written straight into their query;
 * a `liquidation` frame says so in a toast. Returns whether every channel is live, so screens poll
 * only without it.
 */
export function usePerpsLiveUpdates(): boolean {
  const { t } = useTranslation();
  const token = useAppStore((state) => state.auth.accessToken);
  const queryClient = useQueryClient();
  const ordersLive = useUserChannels(ORDER_CHANNELS, ORDER_STALE_KEYS);
  const positionsLive = useUserChannels(POSITIONS_CHANNELS, NOTHING_STALE);
  const client = useMemo(() => (token ? getUserLiveClient(token) : null), [token]);

  useEffect(() => {
    if (!client) return undefined;
    return client.subscribe('positions', (frame) => {
      if (frame.type === 'positions') {
        queryClient.setQueryData(perpsKeys.positions, frame.data as PerpPositions);
      } else if (frame.type === 'liquidation') {
        const fresh = (frame.data as PerpLiquidation[]).filter((liquidation) => !toldLiquidations.has(liquidation.id));
        for (const liquidation of fresh) toldLiquidations.add(liquidation.id);
        if (fresh.length > 0) {
          toast.error(t('perps.liquidated', { symbols: fresh.map((liquidation) => liquidation.symbol).join(', ') }));
        }
        void queryClient.invalidateQueries({ queryKey: perpsKey });
      }
    });
  }, [client, queryClient, t]);

  return ordersLive && positionsLive;
}
