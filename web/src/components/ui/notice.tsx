import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';

const NOTICE_SHOWN_MS = 4000;

/** A short notice after an action (added, removed, logged out): `notify(text)` and the snackbar to render. */
export function useNotice() {
  const [notice, setNotice] = useState<string | null>(null);
  const snackbar = (
    <Snackbar
      open={notice !== null}
      autoHideDuration={NOTICE_SHOWN_MS}
      onClose={() => setNotice(null)}
      message={notice}
    />
  );
  return { notify: setNotice, snackbar };
}
