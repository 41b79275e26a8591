import { Component, type ErrorInfo, type ReactNode } from 'react';
import { recordError } from '../stores/error-log';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** What to show instead of the broken part; `retry` renders the children again. */
  fallback: (error: Error, retry: () => void) => ReactNode;
}

interface ErrorBoundaryState {
  error: Error | null;
}

/** Catches render errors of a page, records them in the local error log and shows the fallback. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    recordError(error, `React ${info.componentStack ?? ''}`.trim());
  }

  private retry = () => this.setState({ error: null });

  override render() {
    if (this.state.error) return this.props.fallback(this.state.error, this.retry);
    return this.props.children;
  }
}
