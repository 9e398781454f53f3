// One setting saved as it is changed, in its own card on a Settings tab (the assistant's switch, buyers' own
// changes): a titled section, and the control — or, when the setting could not be read, a plain alert instead.
import { useId, type ReactNode } from 'react';

export function SettingCard({
  title,
  loadFailed,
  children,
}: {
  title: string;
  loadFailed: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {loadFailed ? (
        <p role="alert" className="text-sm text-red-700">
          We could not load this setting.
        </p>
      ) : (
        children
      )}
    </section>
  );
}
