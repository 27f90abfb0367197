import { CircleCheck } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { bookingReference } from '../../../../shared/product';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';

/** Booking confirmation (spec 2). For now a placeholder showing the booking reference. */
export function BookingConfirmationPage() {
  const { bookingId } = useParams();
  if (!bookingId) return <Navigate to="/dashboard" replace />;

  return (
    <Card className="mx-auto max-w-lg">
      <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
        <CircleCheck className="size-12 text-green-700" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Booking Confirmation</h1>
        <p className="font-mono text-sm text-slate-700">#{bookingReference(bookingId)}</p>
        <p className="text-slate-600">The full details of this booking will appear here.</p>
        <Button asChild className="mt-2">
          <Link to="/dashboard">Return to Dashboard</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
