// The photos of a property: upload several at once (POST /api/uploads?kind=property), put them in order with
// Move up / Move down, remove any. The first photo is the cover shown on cards and on the booking page.
import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { SafeImage } from '@/components/ui/safe-image';
import { FieldFooter } from '@/components/ui/text-field';
import { ApiError, upload } from '@/lib/api';

export function PropertyImagesField({
  value,
  onChange,
  error,
}: {
  value: readonly string[];
  onChange: (images: string[]) => void;
  /** The schema's message for the list (e.g. too many images). */
  error?: string | undefined;
}) {
  const id = useId();
  const [uploading, setUploading] = useState(0);
  const [uploadErrors, setUploadErrors] = useState<string[]>([]);
  const listRef = useRef<HTMLOListElement>(null);
  // After a move, focus follows the moved photo; at the top or bottom it lands on the button still usable.
  // It waits for the list the form gives back in the new order (the form may render it a moment after this
  // component's own update), and moves focus before the browser paints it (a layout effect).
  const [moved, setMoved] = useState<{ url: string; to: number; direction: 'up' | 'down' } | null>(null);

  useLayoutEffect(() => {
    if (!moved || !listRef.current || value.indexOf(moved.url) !== moved.to) return;
    const buttons = Array.from(listRef.current.querySelectorAll<HTMLButtonElement>('button[data-move]'));
    const button = (direction: string) =>
      buttons.find((b) => b.dataset.photo === moved.url && b.dataset.move === direction);
    const same = button(moved.direction);
    const other = button(moved.direction === 'up' ? 'down' : 'up');
    (same && !same.disabled ? same : other)?.focus();
    setMoved(null);
  }, [moved, value]);

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = Array.from(input.files ?? []);
    input.value = '';
    if (files.length === 0) return;
    setUploadErrors([]);
    setUploading(files.length);
    // One after another, so the photos keep the order they were picked in.
    let images = [...value];
    const failures: string[] = [];
    for (const file of files) {
      try {
        const { url } = await upload('property', file);
        if (!images.includes(url)) {
          images = [...images, url];
          onChange(images);
        }
      } catch (failure) {
        const reason =
          failure instanceof ApiError
            ? failure.message
            : 'The image could not be uploaded. Please try again.';
        failures.push(`${file.name}: ${reason}`);
      }
      setUploading((n) => n - 1);
    }
    setUploadErrors(failures);
  };

  const move = (from: number, to: number) => {
    const next = [...value];
    const [image] = next.splice(from, 1);
    if (image === undefined) return;
    next.splice(to, 0, image);
    onChange(next);
    setMoved({ url: image, to, direction: to < from ? 'up' : 'down' });
  };

  const message = uploadErrors.length > 0 ? uploadErrors.join(' ') : error;

  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">Photos</legend>
      {value.length > 0 ? (
        <ol ref={listRef} aria-label="Photos in order" className="mb-3 space-y-2">
          {value.map((url, index) => (
            <li key={url} className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-2">
              <SafeImage
                src={url}
                alt={`Photo ${index + 1}`}
                className="h-14 w-20 shrink-0 rounded-md bg-slate-100 object-cover"
                fallback={
                  <span className="inline-flex h-14 w-20 shrink-0 items-center justify-center rounded-md bg-slate-100 text-xs text-slate-400">
                    No preview
                  </span>
                }
              />
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium text-slate-800">
                  Photo {index + 1}
                  {index === 0 ? (
                    <span className="ml-2 inline-flex rounded-full bg-blue-50 px-2 py-0.5 text-xs font-semibold text-blue-700 ring-1 ring-blue-200 ring-inset">
                      Cover
                    </span>
                  ) : null}
                </p>
              </div>
              <div className="flex shrink-0 items-center gap-1">
                <IconButton
                  data={{ photo: url, move: 'up' }}
                  label={`Move photo ${index + 1} up`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                  path="M12 19V5m-6 6 6-6 6 6"
                />
                <IconButton
                  data={{ photo: url, move: 'down' }}
                  label={`Move photo ${index + 1} down`}
                  disabled={index === value.length - 1}
                  onClick={() => move(index, index + 1)}
                  path="M12 5v14m6-6-6 6-6-6"
                />
                <IconButton
                  label={`Remove photo ${index + 1}`}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                  path="M6 6l12 12M18 6 6 18"
                />
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mb-3 text-sm text-slate-500">No photos yet. The first photo becomes the cover.</p>
      )}
      <input
        id={id}
        type="file"
        accept="image/*"
        multiple
        onChange={(event) => void onFiles(event)}
        disabled={uploading > 0}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        className="inline-flex min-h-9 cursor-pointer items-center justify-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 peer-focus-visible:ring-2 peer-focus-visible:ring-blue-500 peer-focus-visible:ring-offset-2 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
      >
        {uploading > 0 ? `Uploading ${uploading}…` : 'Add photos'}
      </label>
      <FieldFooter id={id} error={message} />
    </fieldset>
  );
}

function IconButton({
  label,
  path,
  onClick,
  disabled = false,
  data,
}: {
  data?: { photo: string; move: 'up' | 'down' };
  label: string;
  path: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      data-photo={data?.photo}
      data-move={data?.move}
      onClick={onClick}
      disabled={disabled}
      className="inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 disabled:opacity-30"
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        className="size-4"
      >
        <path d={path} />
      </svg>
    </button>
  );
}
