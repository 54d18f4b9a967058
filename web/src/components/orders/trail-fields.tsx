import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
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

/** R4.10: a trailing stop's distance, as a percentage of the bid or in money. */
export function TrailFields({ trailBy, trail, onChange, amountPrefix, amountPrecision, problem }: TrailFieldsProps) {
  const { t } = useTranslation();
  const shown = problem === 'trailPercentRange' || problem === 'trailTooWide' ? problem : null;
  return (
    <Stack direction="row" spacing={1}>
      <TextField
        select
        size="small"
        label={t('orderPanel.trailBy.label')}
        value={trailBy}
        // The other unit makes the typed number meaningless: the distance starts again.
        onChange={(event) => onChange({ trailBy: event.target.value as TrailBy, trail: '' })}
        sx={{ minWidth: 120, flexShrink: 0 }}
      >
        <MenuItem value="percent">{t('orderPanel.trailBy.percent')}</MenuItem>
        <MenuItem value="amount">{t('orderPanel.trailBy.amount', { currency: amountPrefix })}</MenuItem>
      </TextField>
      <Box sx={{ flex: 1, minWidth: 0 }}>
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
      </Box>
    </Stack>
  );
}
