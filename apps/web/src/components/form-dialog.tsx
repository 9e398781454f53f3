// One frame for the app's form dialogs (new booking, invite a buyer, reschedule, cancel/decline, add or edit a
// property): the dialog with its title, the form with the server's refusal on top, and Cancel and submit
// pinned underneath. While the form is submitting, the dialog cannot be dismissed and both buttons are off.
import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { ErrorAlert } from '@/components/ui/alert';
import { Dialog, FormDialogFooter, type DialogProps } from '@/components/ui/dialog';

type FooterProps = Omit<ComponentProps<typeof FormDialogFooter>, 'onCancel'>;

export type FormDialogProps = Pick<DialogProps, 'title' | 'description' | 'size' | 'onClose'> &
  FooterProps & {
    /** The form's submit (react-hook-form's handleSubmit). */
    onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<unknown>;
    /** What the server refused with, shown in an alert above the fields; nothing when null. */
    failure?: ReactNode;
    /** The form's spacing (default space-y-5). */
    formClassName?: string;
    children: ReactNode;
    /** Content under the form, outside it (a part with its own save). */
    after?: ReactNode;
  };

export function FormDialog({
  title,
  description,
  size,
  onClose,
  onSubmit,
  failure,
  formClassName = 'space-y-5',
  children,
  after,
  formId,
  busy,
  ...footer
}: FormDialogProps) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={description}
      size={size}
      dismissible={!busy}
      footer={<FormDialogFooter formId={formId} onCancel={onClose} busy={busy} {...footer} />}
    >
      <form id={formId} noValidate onSubmit={(event) => void onSubmit(event)} className={formClassName}>
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        {children}
      </form>
      {after}
    </Dialog>
  );
}
