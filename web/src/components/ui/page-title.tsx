import Typography from '@mui/material/Typography';

/** A page's heading and its optional one-line description. */
export function PageTitle({ title, text }: { title: string; text?: string }) {
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' } }}>
        {title}
      </Typography>
      {text && (
        <Typography color="text.secondary" sx={{ mt: 0.75, maxWidth: 640 }}>
          {text}
        </Typography>
      )}
    </>
  );
}
