/** The app's last resort when a page fails to render: says something went wrong and to reload. */
import { Component, type ReactNode } from 'react';

/** Last resort, e.g. a page's code that failed to load after a new deployment. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main id="main">
        <h1>Something went wrong</h1>
        <p>Reload the page to try again.</p>
      </main>
    );
  }
}
