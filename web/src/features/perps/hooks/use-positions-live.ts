import { usePerpPositions } from '../api/get-positions';
import { usePerpsLiveUpdates } from './use-perps-live';

/** Without the live channel, positions are read again this often (they are marked to the moving mark). */
const POSITIONS_REFRESH_MS = 3_000;

/** The user's positions, live over the `positions` channel; polled while it is down. */
export function usePositionsLive() {
  const live = usePerpsLiveUpdates();
  return usePerpPositions(true, live ? false : POSITIONS_REFRESH_MS);
}
