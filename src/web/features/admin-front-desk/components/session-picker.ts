import type { ReactNode } from 'react';
import type { SessionDto } from '../../../../shared/schemas/sessions';

/** What the office's dialogs hand to the calendar they show (any future week; composed in src/web/app). */
export interface OfficeSessionPickerProps {
  selectedSessionId: string | null;
  onSelectSession: (session: SessionDto) => void;
  isSelectable: (session: SessionDto, now: Date) => boolean;
  /** A session marked 'Current' (rescheduling). */
  currentSessionId?: string | undefined;
  /** Open on the week holding this instant. */
  initialWeekOf?: string | undefined;
}

export type RenderOfficeSessionPicker = (props: OfficeSessionPickerProps) => ReactNode;
