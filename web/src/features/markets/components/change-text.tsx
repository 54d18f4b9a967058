import { direction, formatChangePct } from '@/lib/format';
import Box from '@mui/material/Box';
import { useLocale } from '@/hooks/use-locale';

/** A change in percent, 2 decimals with a sign (R9.05), green up and red down. */
export function ChangeText({ pct }: { pct: string | undefined }) {
  const locale = useLocale();
  if (pct === undefined) return <span>—</span>;
  const dir = direction(pct);
  return (
    <Box
      component="span"
      sx={{ color: dir === 'up' ? 'success.main' : dir === 'down' ? 'error.main' : 'text.secondary', fontWeight: 600 }}
    >
      {formatChangePct(pct, locale)}
    </Box>
  );
}
