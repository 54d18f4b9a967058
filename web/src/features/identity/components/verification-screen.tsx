import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/api/app-config';
import type { KycSubmitRequest, KycView } from '@/api/types';
import { useAcceptGssTerms, useKyc, useSubmitKyc } from '../api/kyc';
import { AccountPageHeader } from '@/components/layout/account-layout';
import { PhotoInput } from './photo-input';
import { StatusChip } from './status-chip';

const EMPTY: KycSubmitRequest = { nik: '', fullName: '', birthDate: '', birthPlace: '', address: '' };

/** `/account/verification`: identity verification (KYC) and the US-stock terms (R2.16, R6.03). */
export function VerificationScreen() {
  const { t } = useTranslation();
  const { data: kyc } = useKyc();
  return (
    <>
      <AccountPageHeader title={t('account.verification')} text={t('kyc.text')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, bgcolor: 'var(--color-surface)' }}>
        {kyc ? <KycBody kyc={kyc} /> : <Skeleton height={120} />}
      </Paper>
      {kyc?.status === 'VERIFIED' && <GssPanel gssStatus={kyc.gssKycStatus} />}
    </>
  );
}

function KycBody({ kyc }: { kyc: KycView }) {
  const { t } = useTranslation();
  const reason = kyc.reason ? t(`kyc.reason_${kyc.reason}`, { defaultValue: kyc.reason }) : '';
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography component="h2" variant="subtitle1" id="kyc-status-label">
          {t('kyc.status')}
        </Typography>
        <Box role="status" aria-labelledby="kyc-status-label">
          <StatusChip status={kyc.status} />
        </Box>
      </Box>
      {kyc.status === 'PENDING' && <Alert severity="info">{t('kyc.pending')}</Alert>}
      {kyc.status === 'VERIFIED' && <Alert severity="success">{t('kyc.verified')}</Alert>}
      {kyc.status === 'REJECTED' && <Alert severity="error">{t('kyc.rejected', { reason })}</Alert>}
      {kyc.status !== 'UNVERIFIED' && (kyc.ktpPhotoId || kyc.selfieId) && (
        <Typography variant="body2" color="text.secondary">
          {[kyc.ktpPhotoId && t('kyc.ktpPhotoReceived'), kyc.selfieId && t('kyc.selfieReceived')]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      )}
      {(kyc.status === 'UNVERIFIED' || kyc.status === 'REJECTED') && <KycForm />}
    </Stack>
  );
}

function KycForm() {
  const { t } = useTranslation();
  const { data: config } = useAppConfig();
  const submit = useSubmitKyc();
  const [form, setForm] = useState<KycSubmitRequest>(EMPTY);
  const field = (name: keyof typeof EMPTY) => ({
    name,
    value: form[name],
    label: t(`kyc.${name}`),
    required: true,
    fullWidth: true,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setForm({ ...form, [name]: event.target.value }),
  });
  const photo = (name: 'ktpPhoto' | 'selfie') => (data: string | undefined) =>
    setForm((current) => ({ ...current, [name]: data }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit.mutate(form);
  };
  return (
    <Box component="form" onSubmit={onSubmit} noValidate>
      <Stack spacing={2}>
        <TextField {...field('nik')} slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 19 } }} />
        <TextField {...field('fullName')} autoComplete="name" />
        <TextField {...field('birthDate')} type="date" slotProps={{ inputLabel: { shrink: true } }} />
        <TextField {...field('birthPlace')} />
        <TextField {...field('address')} multiline minRows={2} />
        <PhotoInput name="ktpPhoto" label={t('kyc.ktpPhoto')} capture="environment" onChange={photo('ktpPhoto')} />
        {/* The provider compares this face with the population register's photo. */}
        <PhotoInput name="selfie" label={t('kyc.selfie')} capture="user" onChange={photo('selfie')} />
        {submit.error && <Alert severity="error">{submit.error.message}</Alert>}
        {/* The sandbox's decision rule; a real verifier's is not ours to announce. */}
        {config?.sandbox && (
          <Typography variant="body2" color="text.secondary">
            {t('kyc.sandboxNote')}
          </Typography>
        )}
        <Button type="submit" variant="contained" disabled={submit.isPending}>
          {t('kyc.submit')}
        </Button>
      </Stack>
    </Box>
  );
}

function GssPanel({ gssStatus }: { gssStatus: string }) {
  const { t } = useTranslation();
  const accept = useAcceptGssTerms();
  return (
    <Paper variant="outlined" sx={{ mt: 2, p: { xs: 2, sm: 3 }, bgcolor: 'var(--color-surface)' }}>
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography component="h2" variant="subtitle1">
            {t('kyc.gssTitle')}
          </Typography>
          <StatusChip status={gssStatus} />
        </Box>
        {gssStatus === 'VERIFIED' ? (
          <Alert severity="success">{t('kyc.gssVerified')}</Alert>
        ) : (
          <>
            <Typography variant="body2">{t('kyc.gssText')}</Typography>
            {accept.error && <Alert severity="error">{accept.error.message}</Alert>}
            <Button variant="contained" onClick={() => accept.mutate(undefined)} disabled={accept.isPending}>
              {t('kyc.gssAccept')}
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
