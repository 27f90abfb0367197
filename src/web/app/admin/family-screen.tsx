import { useParams } from 'react-router';
import type { FamilyDetailResponse } from '../../../shared/schemas/admin-users';
import { FamilyPage } from '../../features/admin-front-desk/components/family-page';
import { FamilyWaitlist } from '../../features/admin-waitlist/components/waitlist-sections';
import { renderOfficeSessionPicker } from './office-session-picker';

const renderWaitlist = (family: FamilyDetailResponse) => <FamilyWaitlist entries={family.waitlist} />;

/** /admin/users/:id: the family page (loaded with the admin area's chunks). */
export default function FamilyScreen() {
  const { id = '' } = useParams();
  return <FamilyPage key={id} userId={id} renderSessionPicker={renderOfficeSessionPicker} renderWaitlist={renderWaitlist} />;
}
