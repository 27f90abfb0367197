import { RotateCw, TriangleAlert } from 'lucide-react';
import { apiErrorMessage } from '../lib/api';
import { Alert, AlertDescription, AlertTitle } from './ui/alert';
import { Button } from './ui/button';

interface QueryErrorAlertProps {
  /** The spec's fetch-failure title, e.g. 'Failed to fetch sessions'. */
  title: string;
  error: unknown;
  /** Shown when the error carries no server message (a network failure). */
  fallback?: string;
  onRetry: () => void;
  className?: string;
}

/** A read that failed: what failed, the server's reason, and a way to try again. */
export function QueryErrorAlert({ title, error, fallback = 'Please check your connection and try again.', onRetry, className }: QueryErrorAlertProps) {
  return (
    <Alert variant="destructive" role="alert" className={className}>
      <TriangleAlert aria-hidden="true" />
      <div className="grid gap-2">
        <div>
          <AlertTitle>{title}</AlertTitle>
          <AlertDescription>{apiErrorMessage(error, fallback)}</AlertDescription>
        </div>
        <Button variant="outline" size="sm" className="w-fit" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      </div>
    </Alert>
  );
}
