import { Component } from 'react';
import type { ReactNode } from 'react';
import { ErrorScreen } from './error-screen';

type Props = { children: ReactNode; resetKey: string };
type State = { error: unknown; failed: boolean; resetKey: string };

/**
 * The router's error screen around every page (spec §8): a page that throws while rendering (or whose code
 * fails to load) shows ErrorScreen; moving to another address tries again.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey
      ? null
      : { error: null, failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
