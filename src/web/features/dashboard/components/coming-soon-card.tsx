import { BookOpen } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Card, CardLabel } from '../../../components/ui/card';

/** Spec 2: the 'Coming Soon' resources card. */
export function ComingSoonCard() {
  return (
    <Card className="flex flex-col gap-3 p-5" role="group" aria-label="Coming Soon">
      <div className="flex items-center justify-between gap-2">
        <CardLabel icon={BookOpen}>Coming Soon</CardLabel>
        <Badge variant="secondary">Resources</Badge>
      </div>
      <p className="text-sm text-slate-600">
        Training tips, at-home drills and nutrition guides for young athletes will be available here soon.
      </p>
    </Card>
  );
}
