import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders `children` (typically a lazy dialog or menu) from the first time `open` is true, and keeps
 * them mounted after, so their code loads only when someone opens them and closing still animates.
 */
export function MountWhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
