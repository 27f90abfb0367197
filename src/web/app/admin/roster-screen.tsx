import { useParams } from 'react-router';
import type { RosterResponse } from '../../../shared/schemas/sessions';
import { SessionRosterPage } from '../../features/admin-sessions/components/session-roster-page';
import { SessionWaitlist } from '../../features/admin-waitlist/components/waitlist-sections';

const renderWaitlist = (roster: RosterResponse) => <SessionWaitlist session={roster.session} entries={roster.waitlist} />;

/** /admin/sessions/:id: who is coming to one session, and who waits (loaded with the admin area's chunks). */
export default function RosterScreen() {
  const { id = '' } = useParams();
  return <SessionRosterPage key={id} sessionId={id} renderWaitlist={renderWaitlist} />;
}
