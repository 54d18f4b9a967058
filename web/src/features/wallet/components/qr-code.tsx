import Box from '@mui/material/Box';
import { QRCodeSVG } from 'qrcode.react';

/**
 * A QRIS payload drawn as a QR code (SVG, so it stays sharp when zoomed or printed). Always dark on
 * white with a quiet zone: scanners need the contrast whatever the theme.
 */
export function QrCode({ payload, label, size = 224 }: { payload: string; label: string; size?: number }) {
  return (
    <Box sx={{ bgcolor: '#fff', p: 1.5, borderRadius: 2, display: 'inline-flex', lineHeight: 0, maxWidth: '100%' }}>
      <QRCodeSVG
        value={payload}
        size={size}
        level="M"
        marginSize={0}
        bgColor="#ffffff"
        fgColor="#000000"
        role="img"
        aria-label={label}
        title={label}
        style={{ width: '100%', height: 'auto', maxWidth: size }}
      />
    </Box>
  );
}
