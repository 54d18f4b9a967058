import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import CandlestickChartOutlined from '@mui/icons-material/CandlestickChartOutlined';
import CurrencyBitcoin from '@mui/icons-material/CurrencyBitcoin';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import DiamondOutlined from '@mui/icons-material/DiamondOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PaidOutlined from '@mui/icons-material/PaidOutlined';
import PieChartOutline from '@mui/icons-material/PieChartOutline';
import QueryStats from '@mui/icons-material/QueryStats';
import ShowChart from '@mui/icons-material/ShowChart';
import SsidChart from '@mui/icons-material/SsidChart';
import Savings from '@mui/icons-material/Savings';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/api/app-config';
import { ExternalLink } from '@/components/ui/external-link';
import { track } from '@/lib/analytics';
import { sectionSx } from '../lib/section-sx';
import { IconTile, TileSection } from './home-tiles';

type AssetKey = 'crypto' | 'futures' | 'usStocks' | 'idss' | 'gold' | 'mutualFunds' | 'usdYield';
/** Only what the app does today (issue 26): no feature is advertised before it exists. */
type FeatureKey = 'wallet' | 'portfolio' | 'charts' | 'history' | 'security';

/** R1.03: the asset classes with live prices today (crypto is traded; the rest follow). */
const ASSETS: ReadonlyArray<{ key: AssetKey; icon: SvgIconComponent }> = [
  { key: 'crypto', icon: CurrencyBitcoin },
  { key: 'futures', icon: SsidChart },
  { key: 'usStocks', icon: ShowChart },
  { key: 'idss', icon: QueryStats },
  { key: 'gold', icon: DiamondOutlined },
  { key: 'mutualFunds', icon: Savings },
  { key: 'usdYield', icon: PaidOutlined },
];

const FEATURES: ReadonlyArray<{ key: FeatureKey; icon: SvgIconComponent }> = [
  { key: 'wallet', icon: AccountBalanceWalletOutlined },
  { key: 'portfolio', icon: PieChartOutline },
  { key: 'charts', icon: CandlestickChartOutlined },
  { key: 'history', icon: DescriptionOutlined },
  { key: 'security', icon: LockOutlined },
];

/** Decorative: a price line over candles, in the theme's colours. */
function HeroArt() {
  // [x, body top, body bottom, wick top, wick bottom, rising]
  const candles = [
    [20, 150, 175, 140, 188, true],
    [48, 140, 165, 130, 172, true],
    [76, 120, 150, 112, 158, true],
    [104, 128, 138, 118, 150, false],
    [132, 100, 130, 92, 136, true],
    [160, 104, 112, 96, 122, false],
    [188, 78, 106, 70, 112, true],
    [216, 62, 82, 54, 90, true],
    [244, 66, 74, 58, 84, false],
    [272, 40, 66, 32, 72, true],
  ] as const;
  return (
    <Box
      aria-hidden
      sx={{
        display: { xs: 'none', md: 'block' },
        p: 3,
        borderRadius: '16px',
        border: 1,
        borderColor: 'divider',
        bgcolor: 'var(--color-surface)',
        boxShadow: '0 24px 60px -30px rgba(0, 0, 0, 0.45)',
      }}
    >
      <Box component="svg" viewBox="0 0 300 210" sx={{ width: '100%', height: 'auto', display: 'block' }}>
        <defs>
          <linearGradient id="hero-area" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="var(--color-primary)" stopOpacity="0.35" />
            <stop offset="1" stopColor="var(--color-primary)" stopOpacity="0" />
          </linearGradient>
        </defs>
        {[50, 100, 150, 200].map((y) => (
          <line key={y} x1="0" x2="300" y1={y} y2={y} stroke="var(--color-border)" strokeDasharray="3 5" />
        ))}
        {candles.map(([x, top, bottom, high, low, rising]) => {
          const color = rising ? 'var(--color-primary)' : 'var(--color-danger)';
          return (
            <g key={x} opacity={0.55}>
              <line x1={x} x2={x} y1={high} y2={low} stroke={color} strokeWidth={2} />
              <rect x={x - 7} width={14} y={top} height={Math.max(4, bottom - top)} rx={2} fill={color} />
            </g>
          );
        })}
        <path
          d="M0 170 C 30 160, 50 150, 76 138 S 120 126, 140 112 S 180 100, 200 84 S 250 70, 292 40 L 292 210 L 0 210 Z"
          fill="url(#hero-area)"
        />
        <path
          d="M0 170 C 30 160, 50 150, 76 138 S 120 126, 140 112 S 180 100, 200 84 S 250 70, 292 40"
          fill="none"
          stroke="var(--color-primary)"
          strokeWidth={3}
          strokeLinecap="round"
        />
        <circle cx="292" cy="40" r="5" fill="var(--color-primary)" />
      </Box>
    </Box>
  );
}

export function HomeScreen() {
  const { t } = useTranslation();
  const { data: config } = useAppConfig();
  const links = config?.marketingLinks;

  return (
    <Box sx={{ flex: 1, pb: { xs: 6, md: 10 } }}>
      <Box
        component="section"
        aria-labelledby="home-title"
        sx={{
          background: 'radial-gradient(ellipse 80% 60% at 20% 0%, var(--color-hero-glow), transparent 70%)',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Box
          sx={{
            ...sectionSx,
            py: { xs: 5, sm: 8, lg: 10 },
            display: 'grid',
            gap: 6,
            alignItems: 'center',
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
          }}
        >
          <Box>
            <Typography variant="overline" color="primary" sx={{ fontWeight: 700, letterSpacing: '0.12em' }}>
              {t('home.eyebrow')}
            </Typography>
            <Typography
              id="home-title"
              variant="h1"
              sx={{ fontSize: { xs: '1.875rem', sm: '2.5rem', lg: '3rem' }, maxWidth: 760, mt: 1 }}
            >
              {t('home.title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 2, maxWidth: 640, fontSize: { xs: '1rem', sm: '1.125rem' } }}>
              {t('home.subtitle')}
            </Typography>
            {links && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 4 }}>
                <Button
                  variant="contained"
                  size="large"
                  href={links.products}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={() => track('home_products_clicked')}
                >
                  {t('home.learnMore')}
                </Button>
                <Button
                  variant="outlined"
                  size="large"
                  href={links.fees}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={() => track('home_fees_clicked')}
                >
                  {t('home.seeFees')}
                </Button>
              </Stack>
            )}
          </Box>
          <HeroArt />
        </Box>
      </Box>

      <TileSection
        id="home-assets"
        title={t('home.assetsTitle')}
        gap={{ xs: 1.5, sm: 2 }}
        columns={{ xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }}
      >
        {ASSETS.map(({ key, icon }) => (
          <IconTile
            key={key}
            framed
            icon={icon}
            title={t(`home.assets.${key}.title`)}
            text={t(`home.assets.${key}.text`)}
          />
        ))}
      </TileSection>

      <TileSection
        id="home-features"
        title={t('home.featuresTitle')}
        gap={{ xs: 2.5, sm: 3 }}
        columns={{ xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' }}
      >
        {FEATURES.map(({ key, icon }) => (
          <IconTile
            key={key}
            framed={false}
            icon={icon}
            title={t(`home.features.${key}.title`)}
            text={t(`home.features.${key}.text`)}
          />
        ))}
      </TileSection>

      {links && (
        <Box component="section" aria-labelledby="home-learn" sx={{ ...sectionSx, mt: { xs: 5, md: 7 } }}>
          <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, bgcolor: 'var(--color-surface)' }}>
            <Typography id="home-learn" variant="h2">
              {t('home.learnTitle')}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 640 }}>
              {t('home.learnText')}
            </Typography>
            <Stack direction="row" useFlexGap flexWrap="wrap" spacing={3} sx={{ mt: 2.5 }}>
              <ExternalLink href={links.academy} onClick={() => track('home_academy_clicked')}>
                {t('footer.academy')}
              </ExternalLink>
              <ExternalLink href={links.blog} onClick={() => track('home_blog_clicked')}>
                {t('footer.blog')}
              </ExternalLink>
              <ExternalLink href={links.support} onClick={() => track('home_support_clicked')}>
                {t('footer.support')}
              </ExternalLink>
            </Stack>
          </Paper>
        </Box>
      )}
    </Box>
  );
}
