import Box from '@mui/material/Box';

/** The brand mark (same artwork as public/favicon.svg and the manifest icons). */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      aria-hidden
      sx={{ flexShrink: 0, display: 'block' }}
    >
      <defs>
        <linearGradient id="logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#19c39c" />
          <stop offset="1" stopColor="#0a7f8f" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill="url(#logo-gradient)" />
      <polyline
        points="12,44 26,30 36,38 52,20"
        fill="none"
        stroke="#fff"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="52" cy="20" r="4.5" fill="#fff" />
    </Box>
  );
}
