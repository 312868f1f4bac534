import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface WidgetBoundaryProps {
  /** The widget's name, sent with the report. */
  readonly widget: string;
  /** Where a caught error goes (the page reporter, which also dispatches `sf:error`). */
  readonly report: (error: unknown, info?: Record<string, string>) => void;
  /** Called once, after the first caught error; the mount uses it to restore the server fallback. */
  readonly onError?: (() => void) | undefined;
  /**
   * What to show after an error.
   * @default null (the block's server-rendered fallback shows instead)
   */
  readonly fallback?: ReactNode;
  readonly children?: ReactNode;
}

interface State {
  readonly failed: boolean;
}

/** Component stacks can be long; the reporter truncates stacks, this keeps the label short. */
const MAX_COMPONENT_STACK = 1000;

/**
 * One per widget: catches anything thrown while rendering or in an effect below it, reports it
 * once, and turns the widget quiet. Nothing it catches reaches the host page.
 */
export class WidgetBoundary extends Component<WidgetBoundaryProps, State> {
  override state: State = { failed: false };
  private reported = false;

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (this.reported) return;
    this.reported = true;
    const extra: Record<string, string> = { widget: this.props.widget, code: 'RENDER_FAILED' };
    if (typeof info?.componentStack === 'string') {
      extra.componentStack = info.componentStack.slice(0, MAX_COMPONENT_STACK);
    }
    try {
      this.props.report(error, extra);
    } catch {
      // A failing reporter must not re-enter the boundary.
    }
    try {
      this.props.onError?.();
    } catch {
      // Restoring the fallback is best effort.
    }
  }

  override render(): ReactNode {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
