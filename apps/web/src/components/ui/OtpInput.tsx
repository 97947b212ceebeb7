/*
 * Built here rather than taken from input-otp or react-otp-input: those fill as many boxes as a
 * paste covers (a short code fills the first boxes, a long one is cut off), while SPEC section 5
 * wants all or nothing: a paste fills every box only when it has exactly `length` characters.
 */
import { useRef, useState, type ChangeEvent, type ClipboardEvent, type KeyboardEvent } from 'react';

export interface OtpInputProps {
  /** Number of boxes. */
  length: number;
  /** Digits only (the default); otherwise A-Z and 0-9, with letters uppercased. */
  numeric?: boolean;
  /** The code so far, at most `length` characters; a cleared middle box is simply left out. */
  value: string;
  onChange: (value: string) => void;
  /** Called with the code each time an edit leaves every box filled with a new code. */
  onComplete?: (value: string) => void;
  /** The visible legend of the group, e.g. "Verification code". */
  label: string;
  /** Id of the first box, so an error summary can link to it; the others get `${id}-2`... */
  id: string;
  disabled?: boolean;
  invalid?: boolean;
  /** Id(s) of the hint or error text, read out with every box. */
  describedBy?: string;
  autoFocus?: boolean;
}

const DIGIT = /^[0-9]$/;
const ALPHANUMERIC = /^[A-Z0-9]$/;

function toSlots(value: string, length: number): string[] {
  return Array.from({ length }, (_, index) => value[index] ?? '');
}

/** A row of one-character boxes for a one-time code (SPEC section 5). */
export function OtpInput({
  length,
  numeric = true,
  value,
  onChange,
  onComplete,
  label,
  id,
  disabled = false,
  invalid = false,
  describedBy,
  autoFocus = false,
}: OtpInputProps) {
  // The boxes can hold a gap (a cleared middle box) that the value string cannot show, so they
  // are kept as state while they still spell `value`, and redrawn whenever the parent changes it.
  const [slots, setSlots] = useState(() => toSlots(value, length));
  if (slots.length !== length || slots.join('') !== value.slice(0, length)) {
    setSlots(toSlots(value, length));
  }
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  /** Keeps the allowed characters of `text`, uppercased in alphanumeric mode. */
  function normalise(text: string): string {
    const allowed = numeric ? DIGIT : ALPHANUMERIC;
    return [...text]
      .map((char) => (numeric ? char : char.toUpperCase()))
      .filter((char) => allowed.test(char))
      .join('');
  }

  function commit(next: string[]) {
    const code = next.join('');
    const changed = code !== slots.join('');
    setSlots(next);
    if (!changed) return;
    onChange(code);
    if (code.length === length) onComplete?.(code);
  }

  function setSlot(index: number, char: string) {
    const next = [...slots];
    next[index] = char;
    commit(next);
  }

  function fillAll(code: string) {
    commit([...code]);
    focusBox(length - 1);
  }

  function focusBox(index: number) {
    boxes.current[Math.min(Math.max(index, 0), length - 1)]?.focus();
  }

  function handleKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const { key } = event;
    if (key === 'ArrowLeft' || key === 'ArrowRight' || key === 'Home' || key === 'End') {
      event.preventDefault();
      const targets = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: length - 1 };
      focusBox(targets[key]);
    } else if (key === 'Backspace' && !slots[index] && index > 0) {
      event.preventDefault();
      setSlot(index - 1, '');
      focusBox(index - 1);
    } else if (key === 'Backspace' || key === 'Delete') {
      event.preventDefault();
      setSlot(index, '');
    } else if (key.length === 1) {
      // Handled here, not in onChange, so a key replaces the box's character even when the
      // caret sits beside it (maxLength would otherwise block the key).
      event.preventDefault();
      const char = normalise(key);
      if (char) {
        setSlot(index, char);
        focusBox(index + 1);
      }
    }
  }

  // Phone keyboards and IMEs send no usable key, and an SMS autofill may put the whole code
  // into one box; those arrive here.
  function handleChange(index: number, event: ChangeEvent<HTMLInputElement>) {
    const text = event.target.value;
    if (text === '') {
      setSlot(index, '');
      return;
    }
    // If maxLength was bypassed, the box holds its old character beside the new one.
    const previous = slots[index] ?? '';
    let added = text;
    if (previous && text.length > 1) {
      if (text.startsWith(previous)) added = text.slice(1);
      else if (text.endsWith(previous)) added = text.slice(0, -1);
    }
    const typed = normalise(added);
    if (typed.length === 1) {
      setSlot(index, typed);
      focusBox(index + 1);
    } else if (normalise(text).length === length) {
      fillAll(normalise(text));
    }
    // Anything else (a character not allowed, part of a code) is ignored; React redraws the box.
  }

  // The spec's rule, read strictly: the pasted text (only whitespace around or inside it, as
  // from "123 456", is dropped) must be exactly `length` allowed characters, or nothing changes.
  function handlePaste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const pasted = event.clipboardData.getData('text/plain').replace(/\s+/g, '');
    const code = normalise(pasted);
    if (pasted.length === length && code.length === length) fillAll(code);
  }

  const noun = numeric ? 'Digit' : 'Character';
  const border = invalid
    ? 'border-red-700 dark:border-red-400'
    : 'border-slate-500 dark:border-slate-400';

  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 font-medium">{label}</legend>
      <div dir="ltr" className="flex gap-2">
        {slots.map((char, index) => (
          <input
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            id={index === 0 ? id : `${id}-${index + 1}`}
            type="text"
            value={char}
            maxLength={1}
            inputMode={numeric ? 'numeric' : 'text'}
            pattern={numeric ? '[0-9]*' : undefined}
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            autoCapitalize={numeric ? undefined : 'characters'}
            autoCorrect="off"
            spellCheck={false}
            autoFocus={autoFocus && index === 0}
            disabled={disabled}
            aria-label={`${noun} ${index + 1} of ${length}`}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => handleChange(index, event)}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onPaste={handlePaste}
            onFocus={(event) => event.currentTarget.select()}
            onClick={(event) => event.currentTarget.select()}
            className={`h-12 w-full max-w-12 min-w-0 flex-1 rounded-lg border bg-white text-center text-xl font-semibold text-slate-900 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 dark:bg-slate-950 dark:text-slate-50 dark:disabled:bg-slate-800 dark:disabled:text-slate-400 ${border}`}
          />
        ))}
      </div>
    </fieldset>
  );
}
