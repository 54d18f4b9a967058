import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { clampLeverage, leverageMarks } from '../lib/order-form';

export interface LeverageSliderProps {
  value: number;
  maxLeverage: number;
  /** While the slider moves. */
  onChange: (leverage: number) => void;
  /** Once it is let go: the leverage is kept on the server for the next orders. */
  onCommit: (leverage: number) => void;
  disabled?: boolean;
}

/** The leverage of the contract's next orders, 1x up to its maximum for this wallet (R3.11's 20x). */
export function LeverageSlider({ value, maxLeverage, onChange, onCommit, disabled }: LeverageSliderProps) {
  const { t } = useTranslation();
  const max = clampLeverage(maxLeverage, maxLeverage);
  const marks = leverageMarks(maxLeverage).map((mark) => ({ value: mark, label: `${mark}x` }));
  return (
    // Room under the slider for its marks' labels, which MUI draws outside its box.
    <Stack spacing={0.5} sx={{ pb: 1.5 }}>
      <Stack direction="row" justifyContent="space-between" alignItems="baseline">
        <Typography variant="body2" color="text.secondary" id="perp-leverage-label">
          {t('perps.leverage')}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
          {t('perps.leverageValue', { leverage: value })}
        </Typography>
      </Stack>
      <Slider
        value={value}
        min={1}
        max={max}
        step={1}
        marks={marks}
        disabled={disabled}
        aria-labelledby="perp-leverage-label"
        getAriaValueText={(leverage) => t('perps.leverageValue', { leverage })}
        valueLabelDisplay="auto"
        valueLabelFormat={(leverage) => `${leverage}x`}
        onChange={(_, next) => onChange(clampLeverage(next as number, max))}
        onChangeCommitted={(_, next) => onCommit(clampLeverage(next as number, max))}
        sx={{ mx: 1, width: 'auto' }}
      />
    </Stack>
  );
}
