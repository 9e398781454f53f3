// One image (a logo or a profile picture) chosen from the device and stored through POST /api/uploads. The
// server decides what it accepts; its refusal ("That file isn't a PNG, JPEG, WebP or GIF image.", too large,
// wrong dimensions) shows under the picker.
import { useId, useState } from 'react';
import type { ChangeEvent, ReactNode } from 'react';
import { ApiError, upload } from '@/lib/api';
import type { UploadKind } from '@/lib/api';
import { SafeImage } from './safe-image';
import { FieldFooter } from './text-field';

export function ImageUploadField({
  label,
  kind,
  value,
  onChange,
  shape = 'square',
  fallback,
  hint,
  error,
  disabled = false,
}: {
  /** What the image is, e.g. "Logo" or "Profile picture". */
  label: string;
  kind: UploadKind;
  /** The stored image's URL, or null for none. */
  value: string | null;
  onChange: (url: string | null) => void;
  shape?: 'square' | 'circle';
  /** Shown in the preview when there is no image (or it fails to load). */
  fallback?: ReactNode;
  hint?: ReactNode;
  /** A message from the form (e.g. the schema's) shown when the upload itself has none. */
  error?: string | undefined;
  disabled?: boolean;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const message = uploadError ?? error;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    setUploadError(null);
    try {
      const result = await upload(kind, file);
      onChange(result.url);
    } catch (failure) {
      setUploadError(
        failure instanceof ApiError ? failure.message : 'The image could not be uploaded. Please try again.',
      );
    } finally {
      setBusy(false);
      // The same file can be picked again after a failure.
      input.value = '';
    }
  };

  const frame = shape === 'circle' ? 'rounded-full' : 'rounded-xl';
  const action = value ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`;

  return (
    <div>
      <p className="mb-1.5 block text-sm font-medium text-slate-700">{label}</p>
      <div className="flex items-center gap-4">
        <div
          className={`flex size-16 shrink-0 items-center justify-center overflow-hidden border border-slate-200 bg-slate-50 ${frame}`}
        >
          <SafeImage
            src={value}
            alt={`${label} preview`}
            className={`size-full ${shape === 'circle' ? 'object-cover' : 'object-contain'}`}
            fallback={
              fallback ?? (
                <span className="px-1 text-center text-xs text-slate-400">
                  {value ? 'Not loading' : 'None'}
                </span>
              )
            }
          />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <input
            id={id}
            type="file"
            accept="image/*"
            disabled={disabled || busy}
            onChange={(event) => void onFile(event)}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${id}-error` : hint ? `${id}-hint` : undefined}
            className="peer sr-only"
          />
          <label
            htmlFor={id}
            className="inline-flex min-h-9 cursor-pointer items-center justify-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 peer-focus-visible:ring-2 peer-focus-visible:ring-blue-500 peer-focus-visible:ring-offset-2 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
          >
            {busy ? 'Uploading…' : action}
          </label>
          {value ? (
            <button
              type="button"
              aria-label={`Remove ${label.toLowerCase()}`}
              onClick={() => {
                setUploadError(null);
                onChange(null);
              }}
              disabled={disabled || busy}
              className="inline-flex min-h-9 items-center rounded-lg px-3 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 disabled:opacity-60"
            >
              Remove
            </button>
          ) : null}
        </div>
      </div>
      <FieldFooter id={id} error={message ?? undefined} hint={hint} />
    </div>
  );
}
