import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorView } from './ErrorView';

/** The last line: a render error anywhere shows a way out instead of a blank page. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('render failed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorView /> : this.props.children;
  }
}
