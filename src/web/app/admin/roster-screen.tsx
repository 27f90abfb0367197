import { useParams } from 'react-router';
import { isCoachRole } from '../../../shared/rules/roles';
import { useAuth } from '../../lib/auth';
import type { RosterResponse } from '../../../shared/schemas/sessions';
import { SessionRosterPage } from '../../features/admin-sessions/components/session-roster-page';
import { SessionWaitlist } from '../../features/admin-waitlist/components/waitlist-sections';

const renderWaitlist = (roster: RosterResponse) => <SessionWaitlist session={roster.session} entries={roster.waitlist} />;

/** /admin/sessions/:id: who is coming to one session, and who waits (loaded with the admin area's chunks). */
export default function RosterScreen() {
  const { id = '' } = useParams();
  // Issue 34: a coach reads who is coming; the waitlist's actions and the CSV are the office's.
  const coach = isCoachRole(useAuth().user?.role);
  return <SessionRosterPage key={id} sessionId={id} renderWaitlist={coach ? undefined : renderWaitlist} forCoach={coach} />;
}
