import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/lib/store';
import type { SessionNow } from '../api/types';
import { formatChangeTime, knownPhase } from '../lib/display';

const PHASE_COLOR = { PRE_MARKET: 'warning', REGULAR: 'success', POST_MARKET: 'warning', CLOSED: 'default' } as const;

/** The New York session now (pre-market, regular, post-market, closed) and when and into what it changes. */
export function SessionLine({ session }: { session: SessionNow }) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  const phase = knownPhase(session.phase);
  return (
    <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
      <Chip size="small" color={PHASE_COLOR[phase]} label={t(`usStocks.phase.${phase}`)} />
      {session.nextChangeAtMs != null && session.nextPhase && (
        <Typography variant="body2" color="text.secondary">
          {t('usStocks.nextChange', {
            phase: t(`usStocks.phase.${knownPhase(session.nextPhase)}`),
            time: formatChangeTime(session.nextChangeAtMs, locale),
          })}
        </Typography>
      )}
      {session.holiday && (
        <Typography variant="body2" color="text.secondary">
          {t('usStocks.holiday', { name: session.holiday })}
        </Typography>
      )}
      {session.earlyClose && (
        <Typography variant="body2" color="text.secondary">
          {t('usStocks.earlyClose')}
        </Typography>
      )}
    </Stack>
  );
}
