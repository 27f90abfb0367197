import { useParams } from 'react-router';
import { FamilyPage } from '../../features/admin-front-desk/components/family-page';
import { renderOfficeSessionPicker } from './office-session-picker';

/** /admin/users/:id: the family page (loaded with the admin area's chunks). */
export default function FamilyScreen() {
  const { id = '' } = useParams();
  return <FamilyPage key={id} userId={id} renderSessionPicker={renderOfficeSessionPicker} />;
}
