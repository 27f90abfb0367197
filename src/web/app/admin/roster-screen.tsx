import { useParams } from 'react-router';
import { SessionRosterPage } from '../../features/admin-sessions/components/session-roster-page';

/** /admin/sessions/:id: who is coming to one session (loaded with the admin area's chunks). */
export default function RosterScreen() {
  const { id = '' } = useParams();
  return <SessionRosterPage key={id} sessionId={id} />;
}
