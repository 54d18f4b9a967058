import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { TRAIL_PERCENT_DECIMALS, type TrailBy, type TrailProblem } from '@/lib/orders/trail';
import { DecimalField } from './decimal-field';

export interface TrailFieldsProps {
  trailBy: TrailBy;
  trail: string;
  onChange: (patch: { trailBy?: TrailBy; trail?: string }) => void;
  /** The currency sign of a distance in money (Rp, $) and the decimals it takes. */
  amountPrefix: string;
  amountPrecision: number;
  /** What is wrong with the typed trail; an empty one is not flagged on the field. */
  problem?: TrailProblem | null;
}

/**
 * R4.10: a trailing stop's distance, as a percentage of the bid or in money. The unit is a toggle
 * over the field (as the panel's quantity/amount choice), so both fit a 288 px panel.
 */
export function TrailFields({ trailBy, trail, onChange, amountPrefix, amountPrecision, problem }: TrailFieldsProps) {
  const { t } = useTranslation();
  const shown = problem === 'trailPercentRange' || problem === 'trailTooWide' ? problem : null;
  return (
    <Stack spacing={1}>
      <ToggleButtonGroup
        exclusive
        size="small"
        fullWidth
        value={trailBy}
        // The other unit makes the typed number meaningless: the distance starts again.
        onChange={(_, next: TrailBy | null) => next && onChange({ trailBy: next, trail: '' })}
        aria-label={t('orderPanel.trailBy.label')}
      >
        <ToggleButton value="percent">{t('orderPanel.trailBy.percent')}</ToggleButton>
        <ToggleButton value="amount">{t('orderPanel.trailBy.amount', { currency: amountPrefix })}</ToggleButton>
      </ToggleButtonGroup>
      <DecimalField
        label={t('orderPanel.trail')}
        value={trail}
        onChange={(next) => onChange({ trail: next })}
        precision={trailBy === 'percent' ? TRAIL_PERCENT_DECIMALS : amountPrecision}
        prefix={trailBy === 'amount' ? amountPrefix : undefined}
        suffix={trailBy === 'percent' ? '%' : undefined}
        error={
          shown ? { title: t('orderPanel.errors.trailTitle'), description: t(`orderPanel.errors.${shown}`) } : null
        }
      />
    </Stack>
  );
}
