import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useHistoryFilters } from '../api/get-history-filters';
import type { HistoryFilterValues } from '../api/get-transaction-history';
import type { FilterOption } from '../api/types';

type FilterKey = keyof HistoryFilterValues;

function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: FilterOption[];
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value || null)}
      sx={{ minWidth: 0 }}
    >
      <MenuItem value="">{t('history.filterAll')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.code} value={option.code}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The history's filters (SPEC §7: wallet and asset, and the kind), with the choices the server names. */
export function HistoryFiltersBar({
  values,
  onChange,
}: {
  values: HistoryFilterValues;
  onChange: (key: FilterKey, value: string | null) => void;
}) {
  const { t } = useTranslation();
  const filters = useHistoryFilters();
  if (!filters.data) return null;
  return (
    <Box
      role="group"
      aria-label={t('history.filtersLabel')}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1, mb: 2 }}
    >
      <FilterSelect
        label={t('history.filterKind')}
        value={values.kind ?? ''}
        options={filters.data.kinds}
        onChange={(value) => onChange('kind', value)}
      />
      <FilterSelect
        label={t('history.filterWallet')}
        value={values.wallet ?? ''}
        options={filters.data.wallets}
        onChange={(value) => onChange('wallet', value)}
      />
      <FilterSelect
        label={t('history.filterAsset')}
        value={values.asset ?? ''}
        options={filters.data.assets}
        onChange={(value) => onChange('asset', value)}
      />
    </Box>
  );
}
