import Box from '@mui/material/Box';

/** A round badge with the instrument's code (icons are not served yet; the code is always readable). */
export function AssetAvatar({ code, size = 32 }: { code: string; size?: number }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        flex: 'none',
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'action.selected',
        color: 'text.primary',
        fontSize: size * 0.34,
        fontWeight: 700,
        letterSpacing: '-0.02em',
      }}
    >
      {code.replace(/[^A-Za-z0-9]/g, '').slice(0, 4)}
    </Box>
  );
}
