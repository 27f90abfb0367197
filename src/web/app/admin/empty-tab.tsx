import type { LucideIcon } from 'lucide-react';
import { Card } from '../../components/ui/card';

/** An honest placeholder for an admin tab whose feature has not been built yet: no fake rows. */
export function EmptyTab({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: string }) {
  return (
    <Card className="flex flex-col items-center px-6 py-14 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 max-w-md text-sm text-slate-600">{children}</p>
    </Card>
  );
}
