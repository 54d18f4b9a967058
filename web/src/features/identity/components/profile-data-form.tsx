import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStack } from '@/components/ui/form-stack';
import { SelectField } from '@/components/ui/select-field';
import type { IncomeRange, InvestmentGoal, Occupation, UserDetails } from '@/api/types';
import { meQueryKey } from '@/api/user-me';
import { toast } from '@/lib/toast';
import { updateUserData } from '../api/change-email';

const OCCUPATIONS: Occupation[] = [
  'EMPLOYEE',
  'CIVIL_SERVANT',
  'ENTREPRENEUR',
  'PROFESSIONAL',
  'STUDENT',
  'HOMEMAKER',
  'RETIRED',
  'OTHER',
];
const INCOME_RANGES: IncomeRange[] = [
  'BELOW_10M',
  'FROM_10M_TO_50M',
  'FROM_50M_TO_100M',
  'FROM_100M_TO_500M',
  'FROM_500M_TO_1B',
  'ABOVE_1B',
];
const INVESTMENT_GOALS: InvestmentGoal[] = [
  'LONG_TERM_GROWTH',
  'PASSIVE_INCOME',
  'CAPITAL_PRESERVATION',
  'SPECULATION',
  'RETIREMENT',
  'EDUCATION',
];

/** Optional profile data (occupation, income, goal), saved together by update-user-data. */
export function ProfileDataForm({ user }: { user: UserDetails }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [occupation, setOccupation] = useState<Occupation | ''>(user.occupation ?? '');
  const [incomeRange, setIncomeRange] = useState<IncomeRange | ''>(user.incomeRange ?? '');
  const [investmentGoal, setInvestmentGoal] = useState<InvestmentGoal | ''>(user.investmentGoal ?? '');
  const save = useMutation({
    mutationFn: updateUserData,
    onSuccess: (updated) => {
      queryClient.setQueryData(meQueryKey, updated);
      toast.success(t('account.profileData.saved'));
    },
  });
  const changed =
    occupation !== (user.occupation ?? '') ||
    incomeRange !== (user.incomeRange ?? '') ||
    investmentGoal !== (user.investmentGoal ?? '');

  const field = <T extends string>(
    name: string,
    label: string,
    value: T | '',
    options: T[],
    onChange: (value: T) => void,
    optionLabel: (option: T) => string,
  ) => (
    <SelectField
      name={name}
      label={label}
      value={value}
      options={options.map((option) => ({ value: option, label: optionLabel(option) }))}
      onChange={onChange}
      fullWidth
    />
  );

  return (
    <Paper variant="outlined" sx={{ bgcolor: 'var(--color-surface)', p: { xs: 2, sm: 3 }, mt: 3 }}>
      <Typography component="h2" variant="h6">
        {t('account.profileData.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('account.profileData.text')}
      </Typography>
      <FormStack
        spacing={2}
        onSubmit={() => {
          if (!changed) return;
          save.mutate({
            ...(occupation ? { occupation } : {}),
            ...(incomeRange ? { incomeRange } : {}),
            ...(investmentGoal ? { investmentGoal } : {}),
          });
        }}
      >
        {field('occupation', t('account.profileData.occupation'), occupation, OCCUPATIONS, setOccupation, (o) =>
          t(`account.profileData.occupations.${o}`),
        )}
        {field('incomeRange', t('account.profileData.incomeRange'), incomeRange, INCOME_RANGES, setIncomeRange, (o) =>
          t(`account.profileData.incomes.${o}`),
        )}
        {field(
          'investmentGoal',
          t('account.profileData.investmentGoal'),
          investmentGoal,
          INVESTMENT_GOALS,
          setInvestmentGoal,
          (o) => t(`account.profileData.goals.${o}`),
        )}
        {save.error && <Alert severity="error">{save.error.message}</Alert>}
        <Button
          type="submit"
          variant="contained"
          disabled={!changed || save.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('account.profileData.save')}
        </Button>
      </FormStack>
    </Paper>
  );
}
