import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { statusOf } from './log-format';

const ICONS = { Success: CircleCheck, Warning: TriangleAlert, Error: CircleAlert } as const;

/** Spec 4: 200–299 Success (green), 400 and above Error (red), otherwise Warning (amber); with the code. */
export function LogStatusBadge({ responseStatus }: { responseStatus: number }) {
  const { label, variant } = statusOf(responseStatus);
  const Icon = ICONS[label];
  return (
    <Badge variant={variant}>
      <Icon aria-hidden="true" />
      {label} {responseStatus}
    </Badge>
  );
}
