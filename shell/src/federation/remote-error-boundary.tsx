import { Button, Card, CardContent } from '@app/ui';
import { AlertTriangleIcon } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** A remote that fails to load or render takes down only its own screen (ARCHITECTURE.md "Front end"). */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A remote screen failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="mx-auto flex max-w-xl items-center px-4 py-16">
        <Card className="w-full" role="alert">
          <CardContent className="pt-6">
            <div className="flex items-center gap-2">
              <AlertTriangleIcon className="size-6 text-destructive" aria-hidden="true" />
              <h1 className="text-xl font-semibold text-foreground">This section could not be loaded</h1>
            </div>
            <p className="mt-3 text-sm text-muted-foreground">
              Part of the application is unavailable right now. The rest of the site keeps working; try again
              in a moment.
            </p>
            <p className="mt-2 text-xs break-words text-muted-foreground">{this.state.error.message}</p>
            <Button className="mt-6" onClick={this.props.onRetry}>
              Retry
            </Button>
          </CardContent>
        </Card>
      </div>
    );
  }
}
