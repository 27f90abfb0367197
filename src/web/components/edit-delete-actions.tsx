import { Pencil, Trash2 } from 'lucide-react';
import { Button } from './ui/button';
import { Tooltip } from './ui/tooltip';

/**
 * A table row's Edit and Delete icon buttons, named for screen readers and tests ('Edit <name>',
 * 'Delete <name>') and labelled on hover and focus by a tooltip ('Edit', 'Delete'). Each hands its own element
 * back, so the dialog it opens can return focus to it.
 */
export function EditDeleteActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: (opener: HTMLElement) => void;
  onDelete: (opener: HTMLElement) => void;
}) {
  return (
    <div className="flex justify-end gap-0.5">
      <Tooltip content="Edit">
        <Button variant="ghost" size="icon" className="size-9" onClick={(event) => onEdit(event.currentTarget)}>
          <Pencil aria-hidden="true" />
          <span className="sr-only">Edit {name}</span>
        </Button>
      </Tooltip>
      <Tooltip content="Delete">
        <Button
          variant="ghost"
          size="icon"
          className="size-9 text-red-700 hover:bg-red-50 hover:text-red-800"
          onClick={(event) => onDelete(event.currentTarget)}
        >
          <Trash2 aria-hidden="true" />
          <span className="sr-only">Delete {name}</span>
        </Button>
      </Tooltip>
    </div>
  );
}
