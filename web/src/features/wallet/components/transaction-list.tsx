import CallMade from '@mui/icons-material/CallMade';
import CallReceived from '@mui/icons-material/CallReceived';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { formatDateTime } from '@/lib/format';
import { useIdr } from '../hooks/use-idr';
import type { WalletTransaction } from '../api/types';
import { StatusChip } from './status-chip';
import { signedAmount, useKindLabel, useStatusLabel } from '../hooks/use-labels';

function TransactionRow({ item, onSelect }: { item: WalletTransaction; onSelect: (id: string) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const idr = useIdr();
  const kindLabel = useKindLabel();
  const statusLabel = useStatusLabel();
  const outgoing = item.kind === 'CASHOUT';
  const Icon = outgoing ? CallMade : CallReceived;
  const amount = signedAmount(item.kind, item.amount, idr);
  return (
    <Box component="li" sx={{ '& + &': { borderTop: 1, borderColor: 'divider' } }}>
      <ButtonBase
        onClick={() => onSelect(item.id)}
        aria-label={t('history.itemLabel', { kind: kindLabel(item.kind), amount, status: statusLabel(item.status) })}
        sx={{
          width: '100%',
          textAlign: 'left',
          display: 'flex',
          gap: 1.5,
          alignItems: 'center',
          px: { xs: 2, sm: 3 },
          py: 1.75,
          '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
        }}
      >
        <Box
          aria-hidden
          sx={{
            width: 36,
            height: 36,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            flex: 'none',
            bgcolor: 'action.selected',
            color: outgoing ? 'text.secondary' : 'success.main',
          }}
        >
          <Icon fontSize="small" />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap>
            {kindLabel(item.kind)}
            <Typography component="span" color="text.secondary" sx={{ fontWeight: 400 }}>
              {item.paymentChannel ? ` · ${item.paymentChannel.replace(/_/g, ' ')}` : ''}
            </Typography>
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {formatDateTime(item.createdAtMs, locale)}
          </Typography>
        </Box>
        <Stack alignItems="flex-end" spacing={0.5} sx={{ flex: 'none' }}>
          <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{amount}</Typography>
          <StatusChip status={item.status} />
        </Stack>
      </ButtonBase>
    </Box>
  );
}

/** Wallet transactions, newest first; choosing one opens its details. */
export function TransactionList({
  items,
  onSelect,
  label,
}: {
  items: WalletTransaction[];
  onSelect: (id: string) => void;
  label: string;
}) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((item) => (
        <TransactionRow key={item.id} item={item} onSelect={onSelect} />
      ))}
    </Box>
  );
}
