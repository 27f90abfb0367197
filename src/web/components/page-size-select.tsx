import { useId } from 'react';
import { Label } from './ui/label';
import { NativeSelect } from './ui/native-select';

/** Spec 9: admin tables offer 25, 50 or 100 rows a page (default 25). */
export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

interface PageSizeSelectProps {
  value: number;
  onChange: (size: number) => void;
  sizes?: readonly number[];
}

export function PageSizeSelect({ value, onChange, sizes = PAGE_SIZES }: PageSizeSelectProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="whitespace-nowrap font-normal text-slate-700">
        Rows per page
      </Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(Number(event.target.value))} className="h-9 w-20">
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
