import { useRef, useState } from 'react';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import { focusedElement, restoreFocus } from '../../../lib/restore-focus';
import { openedDialog, type SessionDialogKind, type SessionDialogState } from './sessions-tab-rules';

/**
 * The sessions tab's dialogs: which one is open (or closing), and focus back to the button that opened it, or to
 * the heading when that button is gone.
 */
export function useSessionDialogs(selected: ReadonlyMap<string, SessionDto>) {
  const [dialog, setDialog] = useState<SessionDialogState | null>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  function openDialog(kind: SessionDialogKind, session: SessionDto | null = null) {
    openerRef.current = focusedElement();
    setDialog((current) => openedDialog(current, kind, session, selected));
  }
  const setOpen = (open: boolean) => setDialog((current) => (current ? { ...current, open } : null));
  const onCloseAutoFocus = (event: Event) => restoreFocus(event, openerRef.current, headingRef.current);

  return { dialog, openDialog, setOpen, onCloseAutoFocus, headingRef };
}
