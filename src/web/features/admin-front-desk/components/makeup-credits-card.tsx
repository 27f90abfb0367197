import { TicketPlus } from 'lucide-react';
import { useState } from 'react';
import { creditLastDay } from '../../../../shared/rules/makeup-credits';
import type { FamilyDetailResponse } from '../../../../shared/schemas/admin-users';
import type { OfficeMakeupCreditDto } from '../../../../shared/schemas/makeup-credits';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { GrantCreditDialog, RemoveCreditDialog } from './makeup-credit-dialogs';
import { creditReason } from './makeup-credit-words';

/**
 * The family's make-up credits available now (issue 32), soonest end first: the child, why it has one, the last day
 * to use it and the office's note of a grant; 'Grant credit' and 'Remove', each with a note.
 */
export function MakeupCreditsCard({ family }: { family: FamilyDetailResponse }) {
  const [granting, setGranting] = useState(false);
  const [removing, setRemoving] = useState<OfficeMakeupCreditDto | null>(null);
  const credits = family.makeupCredits ?? [];
  return (
    <Card role="region" aria-labelledby="family-credits">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle id="family-credits">Make-up credits</CardTitle>
        <Button variant="outline" size="sm" onClick={() => setGranting(true)} disabled={family.children.length === 0}>
          <TicketPlus aria-hidden="true" />
          Grant credit
        </Button>
      </CardHeader>
      <CardContent>
        {credits.length === 0 ? (
          <p className="text-sm text-slate-600">No make-up credits.</p>
        ) : (
          <ul className="grid divide-y divide-slate-100 text-sm">
            {credits.map((credit) => (
              <CreditRow key={credit.id} credit={credit} onRemove={() => setRemoving(credit)} />
            ))}
          </ul>
        )}
      </CardContent>
      <GrantCreditDialog family={family} open={granting} onOpenChange={setGranting} />
      <RemoveCreditDialog userId={family.user.id} credit={removing} onOpenChange={(open) => !open && setRemoving(null)} />
    </Card>
  );
}

function CreditRow({ credit, onRemove }: { credit: OfficeMakeupCreditDto; onRemove: () => void }) {
  const lastDay = creditLastDay(credit.expiresAt);
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2.5 first:pt-0 last:pb-0">
      <div className="grid min-w-0 gap-0.5">
        <span className="text-slate-900">
          <strong className="font-semibold">{credit.childName}</strong> · {creditReason(credit)}
        </span>
        <span className="text-xs text-slate-600">
          Use by {lastDay}
          {credit.note && <span className="[overflow-wrap:anywhere]"> — “{credit.note}”</span>}
        </span>
      </div>
      <Button variant="outline" size="sm" onClick={onRemove} aria-label={`Remove ${credit.childName}'s credit (use by ${lastDay})`}>
        Remove
      </Button>
    </li>
  );
}
