import { useRef } from 'react';
import { AllBookingsPage } from '../features/my-bookings/components/all-bookings-page';
import { useBookingActions } from '../features/my-bookings/components/booking-actions';
import { usePageTitle } from '../lib/page-title';
import { useRescheduleSessionPicker } from './session-picker';

/** /my-bookings (issue 20): every upcoming booking and the last 90 days, with the dashboard's Cancel and Reschedule. */
export function MyBookingsScreen() {
  usePageTitle('My Bookings');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const actions = useBookingActions({ renderSessionPicker: useRescheduleSessionPicker(), fallbackFocus: () => headingRef.current });
  return (
    <>
      <AllBookingsPage onAction={actions.open} headingRef={headingRef} />
      {actions.dialogs}
    </>
  );
}
