import { create } from 'zustand';

/** How a toast looks: the MUI alert severities. */
export type ToastSeverity = 'success' | 'error' | 'info' | 'warning';

/** One short message at the bottom of the screen. */
export interface Toast {
  id: number;
  severity: ToastSeverity;
  message: string;
}

interface ToastState {
  queue: Toast[];
  push: (severity: ToastSeverity, message: string) => void;
  dismiss: (id: number) => void;
}

let nextId = 1;
/** Older toasts beyond this are dropped: a burst of errors must not bury the screen. */
const MAX_QUEUED = 3;

/** The toast queue; one toast shows at a time, the oldest first. */
export const useToasts = create<ToastState>()((set) => ({
  queue: [],
  push: (severity, message) =>
    set((state) => ({ queue: [...state.queue, { id: nextId++, severity, message }].slice(-MAX_QUEUED) })),
  dismiss: (id) => set((state) => ({ queue: state.queue.filter((toast) => toast.id !== id) })),
}));

/** Shows a toast from anywhere (components, mutation callbacks, helpers). */
export const toast = {
  success: (message: string) => useToasts.getState().push('success', message),
  error: (message: string) => useToasts.getState().push('error', message),
  info: (message: string) => useToasts.getState().push('info', message),
};
