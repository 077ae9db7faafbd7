import { Box, Button, Typography } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { debugLog } from '../lib/debug-log.js';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** When any of these change (e.g. the path), a shown error is cleared and the children render again. */
  resetKeys?: readonly unknown[];
  /** Called after 'Try Again' or a reset key change, e.g. to reset queries. */
  onReset?: () => void;
}

interface State {
  error: unknown;
  hasError: boolean;
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

function haveChanged(previous: readonly unknown[] = [], next: readonly unknown[] = []): boolean {
  return previous.length !== next.length || previous.some((key, index) => !Object.is(key, next[index]));
}

/** Catches render errors below it and shows the error screen until 'Try Again' or a reset key change. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: undefined, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    const where = info.componentStack?.trim().split('\n')[0]?.trim();
    debugLog.error(`Render error: ${describe(error)}${where ? ` (${where})` : ''}`);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps, previousState: State) {
    // Only an error already on screen is cleared: one thrown by the update that changed the keys stays.
    if (previousState.hasError && this.state.hasError && haveChanged(previous.resetKeys, this.props.resetKeys)) this.reset();
  }

  reset = () => {
    this.setState({ error: undefined, hasError: false });
    this.props.onReset?.();
  };

  override render() {
    if (!this.state.hasError) return this.props.children;
    return <ErrorScreen error={this.state.error} onReset={this.reset} />;
  }
}

/** docs/product.md §2/§8 error screen: 'Something went wrong', the error text and a 'Try Again' button. */
export function ErrorScreen({ error, onReset }: { error: unknown; onReset: () => void }) {
  return (
    <Box role="alert" sx={{ py: { xs: 6, md: 10 }, px: 2, textAlign: 'center', maxWidth: 640, mx: 'auto' }}>
      <Typography component="h1" variant="h4" gutterBottom>
        Something went wrong
      </Typography>
      <Typography
        component="pre"
        sx={{ color: 'text.secondary', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'monospace', mb: 3 }}
      >
        {describe(error)}
      </Typography>
      <Button variant="contained" onClick={onReset}>
        Try Again
      </Button>
    </Box>
  );
}
