import { Pencil, Trash2 } from 'lucide-react';

/**
 * The pencil and bin icon buttons of a goal or own-workout card, named for screen readers by the
 * item's name. `className` is both buttons' look (each card keeps its own size and colour).
 */
export function EditDeleteButtons({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  deleting = false,
  className,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  /** The delete is under way: its button is disabled (and dimmed). */
  deleting?: boolean;
  className: string;
}) {
  return (
    <>
      <button type="button" onClick={onEdit} aria-label={editLabel} className={className}>
        <Pencil className="h-4 w-4" aria-hidden />
      </button>
      <button
        type="button"
        onClick={onDelete}
        disabled={deleting}
        aria-label={deleteLabel}
        className={`${className} disabled:opacity-50`}
      >
        <Trash2 className="h-4 w-4" aria-hidden />
      </button>
    </>
  );
}
