import type { FamilyResponse } from '../../../../shared/schemas/family';
import type { FamilyScope } from '../api/family-scope';
import { ChildProfileCard } from './child-profile-card';
import { EmergencyContactsCard } from './emergency-contacts-card';
import { GuardiansCard } from './guardians-card';

/**
 * The family's guardians, each child's profile and the emergency contacts: the parent's Family page and (with the
 * office's scope) the office's family page show the same sections.
 */
export function FamilySections({ family, scope }: { family: FamilyResponse; scope: FamilyScope }) {
  const office = scope.by === 'office';
  const key = (suffix: string) => (scope.by === 'office' ? `${scope.userId}-${suffix}` : suffix);
  return (
    <div className="grid min-w-0 gap-6">
      <GuardiansCard guardians={family.guardians} scope={scope} />
      <section aria-labelledby={key('children-heading')} className="grid min-w-0 gap-3">
        <h2 id={key('children-heading')} className="text-lg font-semibold text-slate-900">
          {office ? 'Children’s profiles' : 'Children'}
        </h2>
        {family.children.length === 0 ? (
          <p className="text-sm text-slate-600">{office ? 'No children on this account.' : 'No children on your account yet. Call the office to add them.'}</p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            {family.children.map((child) => (
              <ChildProfileCard key={child.id} child={child} scope={scope} />
            ))}
          </div>
        )}
      </section>
      {/* Not keyed by the list: a save's refetch must not remount the form (its toast would be lost); Save resets it. */}
      <EmergencyContactsCard contacts={family.emergencyContacts} scope={scope} />
    </div>
  );
}

/** The office's family page's part (composed in src/web/app/admin): the same sections, saved through the admin API. */
export function OfficeFamilySections({ userId, family }: { userId: string; family: FamilyResponse }) {
  return <FamilySections family={family} scope={{ by: 'office', userId }} />;
}
