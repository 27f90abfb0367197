import { History } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { FamilyDetailResponse } from '../../../shared/schemas/admin-users';
import { FamilyPage } from '../../features/admin-front-desk/components/family-page';
import { OfficeFamilySections } from '../../features/family/components/family-sections';
import { FamilyWaitlist } from '../../features/admin-waitlist/components/waitlist-sections';
import { renderOfficeSessionPicker } from './office-session-picker';

const renderWaitlist = (family: FamilyDetailResponse) => <FamilyWaitlist entries={family.waitlist} />;

/**
 * Issue 31: the guardians, children's profiles and emergency contacts, once the server sends them; issue 34: a way to
 * what staff changed for the family (the Activity tab, filtered to it).
 */
const renderFamily = (family: FamilyDetailResponse) => (
  <>
    {family.family ? <OfficeFamilySections userId={family.user.id} family={family.family} /> : null}
    <p className="text-sm">
      <Link
        to={`/admin?tab=activity&familyId=${encodeURIComponent(family.user.id)}`}
        className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        <History aria-hidden="true" className="size-4" />
        What staff changed for this family
      </Link>
    </p>
  </>
);

/** /admin/users/:id: the family page (loaded with the admin area's chunks). */
export default function FamilyScreen() {
  const { id = '' } = useParams();
  return (
    <FamilyPage key={id} userId={id} renderSessionPicker={renderOfficeSessionPicker} renderWaitlist={renderWaitlist} renderFamily={renderFamily} />
  );
}
