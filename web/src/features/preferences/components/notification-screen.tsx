import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import type { NotificationCategorySettings, NotificationChannelSetting } from '@/api/types';
import { toast } from '@/lib/toast';
import { useNotificationSettings, useUpdateNotificationSettings } from '../api/notification-settings';
import { AccountPageHeader } from '@/components/layout/account-layout';
import { TelegramCard } from './telegram-card';

/**
 * `/account/notification` (R2.16): one switch per category and channel, each saved at once with a
 * toast; security messages are always on; Telegram switches work once a chat is linked.
 */
export function NotificationScreen() {
  const { t } = useTranslation();
  const [linking, setLinking] = useState(false);
  const settings = useNotificationSettings({ polling: linking });

  return (
    <>
      <AccountPageHeader title={t('notificationSettings.title')} text={t('notificationSettings.text')} />
      {settings.isError && !settings.data ? (
        <ErrorWithRetry
          message={t('notificationSettings.loadError')}
          retryLabel={t('notificationSettings.retry')}
          onRetry={() => settings.refetch()}
        />
      ) : !settings.data ? (
        <Paper variant="outlined" sx={{ p: 3, bgcolor: 'var(--color-surface)' }}>
          <Skeleton />
          <Skeleton width="60%" />
        </Paper>
      ) : (
        <Stack spacing={2}>
          <TelegramCard
            linked={settings.data.telegramLinked}
            username={settings.data.telegramUsername ?? null}
            onLinking={setLinking}
          />
          {settings.data.categories.map((category) => (
            <CategoryCard key={category.category} category={category} />
          ))}
        </Stack>
      )}
    </>
  );
}

function CategoryCard({ category }: { category: NotificationCategorySettings }) {
  const { t } = useTranslation();
  const headingId = `notification-${category.category}`;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ px: { xs: 2, sm: 3 }, py: 2, bgcolor: 'var(--color-surface)' }}
    >
      <Typography id={headingId} component="h2" sx={{ fontWeight: 700 }}>
        {t(`notificationSettings.category.${category.category}`, { defaultValue: category.category })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t(`notificationSettings.categoryText.${category.category}`, { defaultValue: '' })}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 1, p: 0 }}>
        {category.channels.map((channel) => (
          <ChannelRow key={channel.channel} category={category.category} setting={channel} />
        ))}
      </Box>
    </Paper>
  );
}

function ChannelRow({ category, setting }: { category: string; setting: NotificationChannelSetting }) {
  const { t } = useTranslation();
  const update = useUpdateNotificationSettings();
  const channelName = t(`notificationSettings.channel.${setting.channel}`, { defaultValue: setting.channel });
  const categoryName = t(`notificationSettings.category.${category}`, { defaultValue: category });
  const hint = setting.locked
    ? t('notificationSettings.alwaysOn')
    : !setting.available
      ? t('notificationSettings.telegramFirst')
      : null;

  const toggle = (enabled: boolean) =>
    update.mutate(
      { settings: [{ category, channel: setting.channel, enabled }] },
      {
        onSuccess: () => toast.success(t('notificationSettings.saved')),
        onError: (error) => toast.error(error.message || t('errors.generic')),
      },
    );

  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography>{channelName}</Typography>
        {hint && (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        )}
      </Box>
      <Switch
        checked={setting.enabled}
        disabled={setting.locked || !setting.available || update.isPending}
        onChange={(event) => toggle(event.target.checked)}
        slotProps={{
          input: {
            'aria-label': t('notificationSettings.toggleLabel', { channel: channelName, category: categoryName }),
          },
        }}
      />
    </Box>
  );
}
