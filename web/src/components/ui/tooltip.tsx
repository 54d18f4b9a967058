import InfoOutlined from '@mui/icons-material/InfoOutlined';
import IconButton from '@mui/material/IconButton';
import MuiTooltip, { type TooltipProps as MuiTooltipProps } from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INFO_TOOLTIP_LEAVE_TOUCH_DELAY_MS,
  TOOLTIP_ENTER_DELAY_MS,
  TOOLTIP_LEAVE_TOUCH_DELAY_MS,
} from '@/config/constants';

export type TooltipProps = MuiTooltipProps;

/** R9.12: every tooltip opens after 100 ms and, on touch, stays 1500 ms after the finger lifts. */
export function Tooltip(props: TooltipProps) {
  return (
    <MuiTooltip
      arrow
      enterDelay={TOOLTIP_ENTER_DELAY_MS}
      enterNextDelay={TOOLTIP_ENTER_DELAY_MS}
      leaveTouchDelay={TOOLTIP_LEAVE_TOUCH_DELAY_MS}
      {...props}
    />
  );
}

export interface InfoTooltipProps {
  title: ReactNode;
  /** The button's accessible name; default "Informasi" / "Information". */
  label?: string;
  placement?: MuiTooltipProps['placement'];
}

/**
 * R9.12: an (i) button that explains something. On touch it opens on tap and stays 10000 ms, long
 * enough to read a paragraph.
 */
export function InfoTooltip({ title, label, placement = 'top' }: InfoTooltipProps) {
  const { t } = useTranslation();
  return (
    <MuiTooltip
      arrow
      title={title}
      placement={placement}
      enterDelay={TOOLTIP_ENTER_DELAY_MS}
      enterNextDelay={TOOLTIP_ENTER_DELAY_MS}
      enterTouchDelay={0}
      leaveTouchDelay={INFO_TOOLTIP_LEAVE_TOUCH_DELAY_MS}
    >
      <IconButton size="small" aria-label={label ?? t('tooltip.info')} sx={{ p: 0.5, color: 'text.secondary' }}>
        <InfoOutlined fontSize="inherit" />
      </IconButton>
    </MuiTooltip>
  );
}
