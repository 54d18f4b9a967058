import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSwipeDown } from '../hooks/use-swipe-down';

export interface OrderSheetProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The phone's order form as a bottom sheet: a modal dialog (role=dialog, aria-modal, named by its
 * title) that keeps focus inside while open and gives it back to the button that opened it; Escape,
 * the close button, the backdrop and a swipe down on its grab area close it.
 */
export function OrderSheet({ open, title, onClose, children }: OrderSheetProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { offsetPx, handlers } = useSwipeDown(onClose);
  return (
    <Drawer
      anchor="bottom"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          sx: {
            maxHeight: 'calc(100dvh - 24px)',
            borderTopLeftRadius: 16,
            borderTopRightRadius: 16,
            transform: offsetPx ? `translateY(${offsetPx}px) !important` : undefined,
            pb: 'env(safe-area-inset-bottom)',
          },
        },
      }}
    >
      <Box
        data-testid="sheet-grab"
        {...handlers}
        sx={{ touchAction: 'none', cursor: 'grab', pt: 1, px: 2, userSelect: 'none' }}
      >
        <Box aria-hidden sx={{ width: 40, height: 4, borderRadius: 2, bgcolor: 'divider', mx: 'auto', mb: 1 }} />
        <Stack direction="row" alignItems="center" justifyContent="space-between">
          <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          <IconButton onClick={onClose} aria-label={t('tradePage.closeSheet')} edge="end">
            <CloseIcon />
          </IconButton>
        </Stack>
      </Box>
      <Box sx={{ overflowY: 'auto', px: 2, pb: 2 }}>{children}</Box>
    </Drawer>
  );
}
