import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentChannel, TopupMethod } from '../api/types';
import { groupMethods } from '../lib/channels';

/** One radio group of every top-up method, in sections: virtual accounts, e-wallets, QRIS. */
export function ChannelPicker({
  methods,
  value,
  onChange,
}: {
  methods: TopupMethod[];
  value: PaymentChannel | null;
  onChange: (paymentChannel: PaymentChannel) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Box>
      <Typography id={labelId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('topup.channel')}
      </Typography>
      <RadioGroup
        aria-labelledby={labelId}
        value={value ?? ''}
        onChange={(event) => {
          // The radio's value is text; the listed method gives it back as the code it is.
          const chosen = methods.find((method) => method.paymentChannel === event.target.value);
          if (chosen) onChange(chosen.paymentChannel);
        }}
      >
        {groupMethods(methods).map((group) => (
          <Box key={group.kind} sx={{ mb: 2 }}>
            <Typography variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 1.8 }}>
              {t(`topup.group.${group.kind}`)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t(`topup.groupHelp.${group.kind}`)}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}>
              {group.methods.map((method) => (
                <FormControlLabel
                  key={method.paymentChannel}
                  value={method.paymentChannel}
                  control={<Radio size="small" />}
                  label={method.name}
                  sx={{
                    m: 0,
                    px: 1,
                    py: 0.5,
                    border: 1,
                    borderRadius: 2,
                    borderColor: value === method.paymentChannel ? 'primary.main' : 'divider',
                    bgcolor: value === method.paymentChannel ? 'action.selected' : 'transparent',
                  }}
                />
              ))}
            </Box>
          </Box>
        ))}
      </RadioGroup>
    </Box>
  );
}
