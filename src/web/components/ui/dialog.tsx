import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useInertOthersRef } from '../../lib/inert-others';
import { cn } from '../../lib/utils';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;
export const DialogPortal = DialogPrimitive.Portal;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      className={cn('fixed inset-0 z-50 bg-slate-950/50 data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out', className)}
      {...props}
    />
  );
}

export function DialogContent({
  className,
  children,
  hideClose = false,
  ref,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & {
  /** Hides the corner close button (while an action that must not be interrupted runs). */
  hideClose?: boolean;
}) {
  // Modal: the page behind is inert while the dialog is open, not only hidden from screen readers.
  const contentRef = useInertOthersRef(ref);
  // Issue 20: a dialog taller than the screen scrolls its body inside a frame that does not move, so the corner
  // close button stays put and the footer (DialogFooter, sticky) stays visible at 1280×800 and on a 390×844 phone.
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        ref={contentRef}
        className={cn(
          'fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl focus:outline-none data-[state=open]:animate-dialog-in data-[state=closed]:animate-fade-out',
          className,
        )}
        {...props}
      >
        <div data-dialog-body="" className="grid min-h-0 gap-4 overflow-y-auto overscroll-contain p-6">
          {children}
        </div>
        {!hideClose && (
          <DialogPrimitive.Close className="absolute right-4 top-4 cursor-pointer rounded-md bg-white/90 p-1 text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
          <X className="size-4" aria-hidden="true" />
          <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-6 text-left', className)} {...props} />;
}

/**
 * The dialog's buttons: stuck to the bottom of the dialog while its body scrolls (issue 20). A sticky box keeps
 * inside its scroller's padding, so `bottom` is minus that padding (the body's p-6): with 0 the footer was held
 * 24 px above the dialog's edge, covering the body's last line and leaving a blank strip under the buttons.
 */
export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-dialog-footer=""
      className={cn(
        'sticky -bottom-6 z-10 -mx-6 -mb-6 flex flex-col-reverse gap-2 border-t border-slate-100 bg-white px-6 pb-6 pt-4 sm:flex-row sm:justify-end',
        className,
      )}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold leading-tight text-slate-900', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-slate-600', className)} {...props} />;
}
