import Telegram from '@mui/icons-material/Telegram';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TelegramDeepLink } from '@/api/types';
import { toast } from '@/lib/toast';
import { useTelegramDeepLink, useUnlinkTelegram } from '../api/notification-settings';

/**
 * Connect Telegram: the server makes a single-use `t.me` link; the user opens it and presses Start;
 * the bot's webhook links the chat, which the page notices by asking again until the link expires.
 * The link is shown as a real anchor so no pop-up blocker stands in the way.
 */
export function TelegramCard({
  linked,
  username,
  onLinking,
}: {
  linked: boolean;
  username: string | null;
  onLinking: (linking: boolean) => void;
}) {
  const { t } = useTranslation();
  const deepLink = useTelegramDeepLink();
  const unlink = useUnlinkTelegram();
  const [link, setLink] = useState<TelegramDeepLink | null>(null);

  useEffect(() => {
    const pending = link !== null && !linked;
    onLinking(pending);
    if (!pending) return;
    const left = Date.parse(link.expiresAt) - Date.now();
    const timer = setTimeout(() => setLink(null), Math.max(0, left));
    return () => clearTimeout(timer);
  }, [link, linked, onLinking]);

  return (
    <Paper variant="outlined" sx={{ px: { xs: 2, sm: 3 }, py: 2, bgcolor: 'var(--color-surface)' }}>
      <Stack direction="row" spacing={1} alignItems="center">
        <Telegram aria-hidden color="primary" />
        <Typography component="h2" sx={{ fontWeight: 700 }}>
          Telegram
        </Typography>
      </Stack>
      {linked ? (
        <>
          <Typography sx={{ mt: 1 }}>
            {username
              ? t('notificationSettings.telegramLinkedAs', { username: `@${username}` })
              : t('notificationSettings.telegramLinked')}
          </Typography>
          <Button
            variant="outlined"
            color="inherit"
            sx={{ mt: 1.5 }}
            disabled={unlink.isPending}
            onClick={() =>
              unlink.mutate(undefined, {
                onSuccess: () => {
                  // The used link must not show again after unlinking.
                  setLink(null);
                  toast.success(t('notificationSettings.telegramUnlinked'));
                },
                onError: (error) => toast.error(error.message),
              })
            }
          >
            {t('notificationSettings.telegramUnlink')}
          </Button>
        </>
      ) : link ? (
        <>
          <Typography sx={{ mt: 1 }}>{t('notificationSettings.telegramOpenText')}</Typography>
          <Button variant="contained" sx={{ mt: 1.5 }} href={link.url} target="_blank" rel="noopener noreferrer">
            {t('notificationSettings.telegramOpen')}
          </Button>
        </>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('notificationSettings.telegramText')}
          </Typography>
          <Button
            variant="contained"
            sx={{ mt: 1.5 }}
            disabled={deepLink.isPending}
            onClick={() =>
              deepLink.mutate(undefined, { onSuccess: setLink, onError: (error) => toast.error(error.message) })
            }
          >
            {t('notificationSettings.telegramConnect')}
          </Button>
        </>
      )}
    </Paper>
  );
}
