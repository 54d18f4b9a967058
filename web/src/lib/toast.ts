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
  /** The toasts on screen, oldest first. */
  toasts: Toast[];
  push: (severity: ToastSeverity, message: string) => void;
  dismiss: (id: number) => void;
}

let nextId = 1;
/** Older toasts beyond this go at once: a burst of errors must not bury the screen. */
const MAX_SHOWN = 3;

/**
 * The toasts on screen. A new one shows at once beside the others (an order's confirmation must not
 * wait for the last one to time out); the same message again replaces its copy, as the newest.
 */
export const useToasts = create<ToastState>()((set) => ({
  toasts: [],
  push: (severity, message) =>
    set((state) => ({
      toasts: [
        ...state.toasts.filter((toast) => toast.severity !== severity || toast.message !== message),
        { id: nextId++, severity, message },
      ].slice(-MAX_SHOWN),
    })),
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));

/** Shows a toast from anywhere (components, mutation callbacks, helpers). */
export const toast = {
  success: (message: string) => useToasts.getState().push('success', message),
  error: (message: string) => useToasts.getState().push('error', message),
  info: (message: string) => useToasts.getState().push('info', message),
};
