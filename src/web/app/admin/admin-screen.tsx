import { ArrowRight, CalendarDays, ClipboardList, DoorOpen, FileClock, History, Settings, Shapes, Users, Workflow } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ActivityTab } from '../../features/admin-activity/components/activity-tab';
import { CheckInTab } from '../../features/admin-check-in/components/check-in-tab';
import { isCoachRole } from '../../../shared/rules/roles';
import { useAuth } from '../../lib/auth';
import { ClassesTab } from '../../features/admin-classes/components/classes-tab';
import { MailBacklogWarning } from '../../features/admin-dashboard/components/mail-backlog-warning';
import { StatCards } from '../../features/admin-dashboard/components/stat-cards';
import { ReservationsTab } from '../../features/admin-reservations/components/reservations-tab';
import { SessionsTab } from '../../features/admin-sessions/components/sessions-tab';
import { UsersTab } from '../../features/admin-users/components/users-tab';
import { OwnPasswordForm } from '../../features/admin-settings/components/own-password-form';
import { PlanLimitsForm } from '../../features/admin-settings/components/plan-limits-form';
import { PoliciesForm } from '../../features/admin-settings/components/policies-form';
import { FieldMappingTab } from '../../features/admin-field-mapping/components/field-mapping-tab';
import { WebhookLogsTab } from '../../features/admin-webhook-logs/components/webhook-logs-tab';
import { WebhookConfigsCard } from '../../features/admin-webhooks/components/webhook-configs-card';
import { OfficeBookingActions } from '../../features/admin-front-desk/components/office-booking-actions';
import type { RenderReservationActions } from '../../features/admin-reservations/components/reservations-tab';
import { usePageTitle } from '../../lib/page-title';
import { renderOfficeSessionPicker } from './office-session-picker';

/** The front desk's Cancel and Reschedule on each reservation (issue 19). */
const renderReservationActions: RenderReservationActions = (booking) => (
  <OfficeBookingActions booking={booking} renderSessionPicker={renderOfficeSessionPicker} />
);

/** Spec 2: the admin tabs, in order, with their labels. The open tab is kept in the address (?tab=…). */
export const ADMIN_TABS = [
  { value: 'sessions', label: 'Sessions', icon: CalendarDays },
  { value: 'reservations', label: 'Reservations', icon: ClipboardList },
  { value: 'classes', label: 'Classes', icon: Shapes },
  { value: 'users', label: 'Users', icon: Users },
  // Issue 22: the door's tablet, after the office's everyday tabs and before the settings.
  { value: 'check-in', label: 'Check-in', icon: DoorOpen },
  // Issue 34: what staff changed (administrators only), beside the door's tab; the spec's tabs keep their order.
  { value: 'activity', label: 'Activity', icon: History },
  { value: 'settings', label: 'Settings', icon: Settings },
  { value: 'field-mapping', label: 'Mapping', icon: Workflow },
  { value: 'webhook-logs', label: 'Logs', icon: FileClock },
] as const;
type AdminTab = (typeof ADMIN_TABS)[number]['value'];

const isAdminTab = (value: string | null): value is AdminTab => ADMIN_TABS.some((tab) => tab.value === value);

/** /admin: stat cards and the admin tabs (loaded as its own chunk; parents never download it). */
export default function AdminScreen() {
  const { user } = useAuth();
  // Issue 34: a coach works the door, and has the Check-in screen alone.
  if (isCoachRole(user?.role)) return <CoachCheckIn />;
  return <OfficeAdminScreen />;
}

/** A coach's /admin: the Check-in screen (the server answers a coach nothing else of the admin area). */
function CoachCheckIn() {
  usePageTitle('Check-in');
  return (
    <div className="grid grid-cols-1 gap-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Check-in</h1>
      <CheckInTab headingHidden />
    </div>
  );
}

function OfficeAdminScreen() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AdminTab = isAdminTab(requested) ? requested : 'sessions';
  // The Mapping tab stays mounted (hidden) once opened, so a template being edited survives a look at Logs.
  const [mappingOpened, setMappingOpened] = useState(false);
  if (tab === 'field-mapping' && !mappingOpened) setMappingOpened(true);
  const classesTabRef = useRef<HTMLButtonElement>(null);
  usePageTitle('Admin', ADMIN_TABS.find((candidate) => candidate.value === tab)?.label);

  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Admin Panel</h1>
        <p className="mt-1 text-slate-600">Sessions, bookings, families and the CRM integration. All times are Toronto time.</p>
      </div>
      <MailBacklogWarning />
      <StatCards />
      <Tabs value={tab} onValueChange={(value) => setParams(value === 'sessions' ? {} : { tab: value }, { replace: true })}>
        <TabsList aria-label="Admin sections">
          {ADMIN_TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value} ref={value === 'classes' ? classesTabRef : undefined}>
              <Icon aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="sessions">
          <SessionsTab />
        </TabsContent>
        <TabsContent value="reservations">
          <ReservationsTab renderActions={renderReservationActions} />
        </TabsContent>
        <TabsContent value="classes">
          <ClassesTab />
        </TabsContent>
        <TabsContent value="users">
          <UsersTab />
        </TabsContent>
        <TabsContent value="check-in">
          <CheckInTab />
        </TabsContent>
        <TabsContent value="settings" className="grid grid-cols-1 gap-8">
          {/* Spec 2, Settings: class type editing (in the Classes tab, linked from here: issue 20), webhook
              configurations and the admin's own password; issue 31: the plans' weekly sessions; issue 32: the policies. */}
          <ClassTypesPointer onFollow={() => requestAnimationFrame(() => classesTabRef.current?.focus())} />
          <PlanLimitsForm />
          <PoliciesForm />
          <WebhookConfigsCard />
          <OwnPasswordForm />
        </TabsContent>
        <TabsContent value="field-mapping" forceMount={mappingOpened || undefined} className="data-[state=inactive]:hidden">
          <FieldMappingTab />
        </TabsContent>
        <TabsContent value="webhook-logs">
          <WebhookLogsTab />
        </TabsContent>
        <TabsContent value="activity">
          {/* A family's or a session's page links here with ?familyId= or ?sessionId=. */}
          <ActivityTab initial={{ familyId: params.get('familyId') ?? '', sessionId: params.get('sessionId') ?? '' }} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** Settings' class type section: the one list of class types is the Classes tab, and this line leads there. */
function ClassTypesPointer({ onFollow }: { onFollow: () => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex min-w-0 flex-1 basis-64 items-start gap-3">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Shapes className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold tracking-tight text-slate-900">
            Class types
          </h2>
          <p className="mt-1 text-sm text-slate-600">Class names and descriptions parents see when they book are edited in the Classes tab.</p>
        </div>
      </div>
      <Button variant="outline" asChild>
        <Link to="/admin?tab=classes" replace onClick={onFollow}>
          Edit class types
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </section>
  );
}
