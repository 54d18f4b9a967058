import Slider from '@mui/material/Slider';
import { useTranslation } from 'react-i18next';
import { SLIDER_MARKS, sliderDisabled } from '../lib/order-math';

export interface PowerSliderProps {
  /** 0–100. */
  percent: number;
  onChange: (percent: number) => void;
  /** Money for buys, quantity for sells (R5.04). */
  power: string | null | undefined;
}

const MARKS = SLIDER_MARKS.map((value) => ({ value, label: `${value}%` }));

/** R5.04: 0–100 % in steps of 1 with marks at the quarters; disabled when there is no power. */
export function PowerSlider({ percent, onChange, power }: PowerSliderProps) {
  const { t } = useTranslation();
  return (
    <Slider
      value={percent}
      onChange={(_, value) => onChange(Array.isArray(value) ? value[0]! : value)}
      min={0}
      max={100}
      step={1}
      marks={MARKS}
      disabled={sliderDisabled(power)}
      valueLabelDisplay="auto"
      valueLabelFormat={(value) => `${value}%`}
      aria-label={t('orderPanel.slider')}
      size="small"
      sx={{ mx: 1, width: 'calc(100% - 16px)' }}
    />
  );
}
