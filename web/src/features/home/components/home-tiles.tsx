import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import type { ResponsiveStyleValue } from '@mui/system';
import type { ReactNode } from 'react';
import { sectionSx } from '../lib/section-sx';

function IconBadge({ icon: Icon }: { icon: SvgIconComponent }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: 40,
        height: 40,
        borderRadius: 2,
        display: 'grid',
        placeItems: 'center',
        flexShrink: 0,
        bgcolor: 'var(--color-hero-glow)',
        color: 'primary.main',
      }}
    >
      <Icon fontSize="small" />
    </Box>
  );
}

interface TileSectionProps {
  /** The heading's id, which labels the section. */
  id: string;
  title: string;
  gap: ResponsiveStyleValue<number>;
  columns: ResponsiveStyleValue<string>;
  children: ReactNode;
}

/** A titled home page section whose tiles form a responsive grid list. */
export function TileSection({ id, title, gap, columns, children }: TileSectionProps) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ ...sectionSx, mt: { xs: 5, md: 7 } }}>
      <Typography id={id} variant="h2" sx={{ mb: 2.5 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap, gridTemplateColumns: columns }}>
        {children}
      </Box>
    </Box>
  );
}

/** One tile of a [`TileSection`]: an icon beside a title and a line of text, framed or not. */
export function IconTile({
  icon,
  title,
  text,
  framed,
}: {
  icon: SvgIconComponent;
  title: string;
  text: string;
  framed: boolean;
}) {
  const body = (
    <>
      <IconBadge icon={icon} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h3">{title}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {text}
        </Typography>
      </Box>
    </>
  );
  const sx = { display: 'flex', gap: 1.5, alignItems: 'flex-start' } as const;
  return framed ? (
    <Paper component="li" variant="outlined" sx={{ p: 2, ...sx }}>
      {body}
    </Paper>
  ) : (
    <Box component="li" sx={sx}>
      {body}
    </Box>
  );
}
