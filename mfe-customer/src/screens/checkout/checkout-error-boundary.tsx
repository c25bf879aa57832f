import { Component, type ReactNode } from 'react';
import { CheckoutFallback } from './checkout-fallback.js';

interface State {
  failed: boolean;
}

/** Anything unexpected while rendering the checkout shows its fallback page (SPEC.md §2), not the shell's. */
export class CheckoutErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <CheckoutFallback /> : this.props.children;
  }
}
