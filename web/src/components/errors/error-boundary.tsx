import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '@/lib/error-reporting';

interface Props {
  children: ReactNode;
  fallback: ReactNode;
}

interface State {
  failed: boolean;
}

/** Catches render errors below it, logs them to the server (R8.10) and shows the fallback. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    reportError(error);
    if (import.meta.env.DEV) console.error(error, info.componentStack);
  }

  render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
