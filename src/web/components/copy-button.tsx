import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../hooks/use-toast';
import { copyText } from '../lib/clipboard';
import { Button, type ButtonProps } from './ui/button';

/**
 * Copies a value to the clipboard and says so ('Copied!' toast, spec 8). `label` names what is copied for
 * screen readers ('Copy receiver URL'); the visible text is 'Copy' unless `children` says otherwise.
 */
export function CopyButton({
  value,
  label,
  description,
  children,
  ...props
}: { value: string; label: string; description?: string } & Omit<ButtonProps, 'onClick' | 'value'>) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={label}
      {...props}
      onClick={async () => {
        if (await copyText(value)) {
          setCopied(true);
          window.setTimeout(() => setCopied(false), 2000);
          toast({ title: 'Copied!', description: description ?? 'Copied to the clipboard' });
        } else {
          toast({ variant: 'destructive', title: 'Copy failed', description: 'Select the text and copy it by hand.' });
        }
      }}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {children ?? 'Copy'}
    </Button>
  );
}
