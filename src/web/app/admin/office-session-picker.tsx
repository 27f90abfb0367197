import { OFFICE_MAX_WEEK_OFFSET } from '../../../shared/rules/calendar-weeks';
import type { RenderOfficeSessionPicker } from '../../features/admin-front-desk/components/session-picker';
import { WeeklyCalendar } from '../../features/calendar/components/weekly-calendar';

const NOTHING_BOOKED: ReadonlySet<string> = new Set();

/**
 * The office's session picker: the parents' weekly calendar, free to go to any future week (issue 19), with 'Jump to
 * a day' (issue 33).
 */
export const renderOfficeSessionPicker: RenderOfficeSessionPicker = (props) => (
  <WeeklyCalendar
    bookedSessionIds={NOTHING_BOOKED}
    selectedSessionId={props.selectedSessionId}
    onSelectSession={props.onSelectSession}
    isSelectable={props.isSelectable}
    currentSessionId={props.currentSessionId}
    initialWeekOf={props.initialWeekOf}
    maxWeekOffset={OFFICE_MAX_WEEK_OFFSET}
    dayJump
  />
);
