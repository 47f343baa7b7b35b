import { useId } from 'react';

/** The 6-digit code: one-time-code autofill from the SMS, paste accepted, digits only. */
export function CodeInput({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (code: string) => void;
  label: string;
}) {
  const id = useId();
  const toDigits = (text: string) =>
    text
      .replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10))
      .replace(/\D/g, '')
      .slice(0, 6);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={id}
        name="code"
        dir="ltr"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\d{6}"
        maxLength={6}
        value={value}
        onChange={(event) => onChange(toDigits(event.target.value))}
        onPaste={(event) => {
          event.preventDefault();
          onChange(toDigits(event.clipboardData.getData('text')));
        }}
        className="h-14 w-full rounded-xl border border-control bg-white px-4 text-center text-2xl font-bold tracking-[0.5em] text-ink focus:border-brand-500 focus:outline-2 focus:outline-brand-500/30"
      />
    </div>
  );
}
