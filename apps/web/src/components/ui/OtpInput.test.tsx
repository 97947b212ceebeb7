import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OtpInput, type OtpInputProps } from './OtpInput';

afterEach(cleanup);

type HarnessProps = Partial<Omit<OtpInputProps, 'value'>> & { initial?: string };

/** Holds the value like a real form would, so the component stays controlled. */
function Harness({ initial = '', onChange, ...props }: HarnessProps) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <OtpInput
        length={6}
        label="Verification code"
        id="otp"
        {...props}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
      <button type="button" onClick={() => setValue('')}>
        Reset
      </button>
    </>
  );
}

function setup(props: HarnessProps = {}) {
  const onChange = vi.fn();
  const onComplete = vi.fn();
  const user = userEvent.setup();
  render(<Harness onChange={onChange} onComplete={onComplete} {...props} />);
  return { user, onChange, onComplete, boxes: screen.getAllByRole<HTMLInputElement>('textbox') };
}

const valuesOf = (boxes: HTMLInputElement[]) => boxes.map((box) => box.value);

function boxAt(boxes: HTMLInputElement[], index: number): HTMLInputElement {
  const box = boxes[index];
  if (!box) throw new Error(`No box ${index + 1}`);
  return box;
}

describe('OtpInput', () => {
  it('is a group named by its visible legend, with one labelled box per character', () => {
    const { boxes } = setup();
    const group = screen.getByRole('group', { name: 'Verification code' });
    expect(group.tagName).toBe('FIELDSET');
    expect(group.querySelector('legend')?.textContent).toBe('Verification code');
    expect(boxes).toHaveLength(6);
    expect(boxes.map((box) => box.getAttribute('aria-label'))).toEqual([
      'Digit 1 of 6',
      'Digit 2 of 6',
      'Digit 3 of 6',
      'Digit 4 of 6',
      'Digit 5 of 6',
      'Digit 6 of 6',
    ]);
    expect(screen.getByRole('textbox', { name: 'Digit 3 of 6' })).toBe(boxes[2]);
    for (const box of boxes) {
      expect(box.maxLength).toBe(1);
      expect(box.inputMode).toBe('numeric');
      expect(box.getAttribute('pattern')).toBe('[0-9]*');
      expect(box.hasAttribute('aria-invalid')).toBe(false);
    }
    expect(boxes[0]?.id).toBe('otp');
    expect(boxes[1]?.id).toBe('otp-2');
    expect(boxes[0]?.getAttribute('autocomplete')).toBe('one-time-code');
    expect(boxes[1]?.getAttribute('autocomplete')).toBe('off');
  });

  it('fills boxes as digits are typed and moves focus to the next box', async () => {
    const { user, boxes, onChange, onComplete } = setup();
    await user.click(boxAt(boxes, 0));
    await user.keyboard('123');
    expect(valuesOf(boxes)).toEqual(['1', '2', '3', '', '', '']);
    expect(document.activeElement).toBe(boxes[3]);
    expect(onChange).toHaveBeenLastCalledWith('123');
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('calls onComplete once, with the code, when the last box is filled', async () => {
    const { user, boxes, onComplete } = setup();
    await user.click(boxAt(boxes, 0));
    await user.keyboard('123456');
    expect(valuesOf(boxes).join('')).toBe('123456');
    expect(document.activeElement).toBe(boxes[5]);
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('ignores letters and symbols in numeric mode', async () => {
    const { user, boxes, onChange } = setup();
    await user.click(boxAt(boxes, 0));
    await user.keyboard('a-1 B');
    expect(valuesOf(boxes)).toEqual(['1', '', '', '', '', '']);
    expect(document.activeElement).toBe(boxes[1]);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('1');
  });

  it('accepts letters and digits in alphanumeric mode, uppercased', async () => {
    const { user, boxes, onChange } = setup({ numeric: false });
    expect(boxes[0]?.getAttribute('aria-label')).toBe('Character 1 of 6');
    expect(boxes[0]?.getAttribute('autocapitalize')).toBe('characters');
    expect(boxes[0]?.inputMode).toBe('text');
    expect(boxes[0]?.hasAttribute('pattern')).toBe(false);
    await user.click(boxAt(boxes, 0));
    await user.keyboard('a9-z');
    expect(valuesOf(boxes)).toEqual(['A', '9', 'Z', '', '', '']);
    expect(onChange).toHaveBeenLastCalledWith('A9Z');
  });

  it('replaces the character of a filled box when a new one is typed', async () => {
    const { user, boxes, onComplete } = setup({ initial: '123456' });
    await user.click(boxAt(boxes, 1));
    await user.keyboard('7');
    expect(valuesOf(boxes).join('')).toBe('173456');
    expect(document.activeElement).toBe(boxes[2]);
    expect(onComplete).toHaveBeenCalledWith('173456');
  });

  it('selects the content of a box when it receives focus, by click or by arrow key', async () => {
    const { user, boxes } = setup({ initial: '12' });
    await user.click(boxAt(boxes, 1));
    await user.click(boxAt(boxes, 1)); // a second click would otherwise just place the caret
    expect([boxAt(boxes, 1).selectionStart, boxAt(boxes, 1).selectionEnd]).toEqual([0, 1]);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(boxes[0]);
    expect([boxAt(boxes, 0).selectionStart, boxAt(boxes, 0).selectionEnd]).toEqual([0, 1]);
  });

  describe('paste', () => {
    it('fills every box, focuses the last one and calls onComplete once for an exact-length code', async () => {
      const { user, boxes, onComplete } = setup();
      await user.click(boxAt(boxes, 2));
      await user.paste(' 123 456\n');
      expect(valuesOf(boxes)).toEqual(['1', '2', '3', '4', '5', '6']);
      expect(document.activeElement).toBe(boxes[5]);
      expect(onComplete).toHaveBeenCalledTimes(1);
      expect(onComplete).toHaveBeenCalledWith('123456');
      await user.paste('123456');
      expect(onComplete).toHaveBeenCalledTimes(1);
    });

    it.each([
      ['shorter', '12345'],
      ['longer', '1234567'],
    ])('changes nothing when the code is %s than the boxes', async (_, text) => {
      const { user, boxes, onChange, onComplete } = setup({ initial: '98' });
      await user.click(boxAt(boxes, 2));
      await user.paste(text);
      expect(valuesOf(boxes)).toEqual(['9', '8', '', '', '', '']);
      expect(document.activeElement).toBe(boxes[2]);
      expect(onChange).not.toHaveBeenCalled();
      expect(onComplete).not.toHaveBeenCalled();
    });

    it('changes nothing in numeric mode when dropping the non-digits leaves the wrong length', async () => {
      const { user, boxes, onChange, onComplete } = setup();
      await user.click(boxAt(boxes, 0));
      await user.paste('12a456');
      expect(valuesOf(boxes)).toEqual(['', '', '', '', '', '']);
      expect(onChange).not.toHaveBeenCalled();
      expect(onComplete).not.toHaveBeenCalled();
    });

    it('changes nothing for text that merely contains a code of the right length', async () => {
      const { user, boxes, onChange } = setup();
      await user.click(boxAt(boxes, 0));
      await user.paste('Code: 123456');
      await user.paste('12-34-56');
      expect(valuesOf(boxes)).toEqual(['', '', '', '', '', '']);
      expect(onChange).not.toHaveBeenCalled();
    });

    it('uppercases a pasted code in alphanumeric mode', async () => {
      const { user, boxes, onComplete } = setup({ numeric: false });
      await user.click(boxAt(boxes, 0));
      await user.paste('ab12cd');
      expect(valuesOf(boxes)).toEqual(['A', 'B', '1', '2', 'C', 'D']);
      expect(onComplete).toHaveBeenCalledWith('AB12CD');
    });
  });

  describe('deleting', () => {
    it('clears a filled box with Backspace and keeps focus there', async () => {
      const { user, boxes, onChange } = setup({ initial: '123' });
      await user.click(boxAt(boxes, 2));
      await user.keyboard('{Backspace}');
      expect(valuesOf(boxes)).toEqual(['1', '2', '', '', '', '']);
      expect(document.activeElement).toBe(boxes[2]);
      expect(onChange).toHaveBeenLastCalledWith('12');
    });

    it('moves back and clears the previous box on Backspace in an empty box', async () => {
      const { user, boxes } = setup({ initial: '123' });
      await user.click(boxAt(boxes, 3));
      await user.keyboard('{Backspace}');
      expect(valuesOf(boxes)).toEqual(['1', '2', '', '', '', '']);
      expect(document.activeElement).toBe(boxes[2]);
      await user.keyboard('{Backspace}{Backspace}');
      expect(valuesOf(boxes)).toEqual(['', '', '', '', '', '']);
      expect(document.activeElement).toBe(boxes[0]);
    });

    it('clears a box with Delete, leaving the others in place, and refills the gap', async () => {
      const { user, boxes, onChange, onComplete } = setup({ initial: '123456' });
      await user.click(boxAt(boxes, 2));
      await user.keyboard('{Delete}');
      expect(valuesOf(boxes)).toEqual(['1', '2', '', '4', '5', '6']);
      expect(document.activeElement).toBe(boxes[2]);
      expect(onChange).toHaveBeenLastCalledWith('12456');
      await user.keyboard('9');
      expect(valuesOf(boxes).join('')).toBe('129456');
      expect(onComplete).toHaveBeenCalledExactlyOnceWith('129456');
    });
  });

  it('moves focus with ArrowLeft, ArrowRight, Home and End', async () => {
    const { user, boxes } = setup({ initial: '12' });
    await user.click(boxAt(boxes, 2));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(boxes[3]);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(boxes[1]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(boxes[5]);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(boxes[5]);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(boxes[0]);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(boxes[0]);
    expect(valuesOf(boxes).join('')).toBe('12');
  });

  it('marks every box invalid and described by the error when invalid', () => {
    const { boxes } = setup({ invalid: true, describedBy: 'otp-error' });
    for (const box of boxes) {
      expect(box.getAttribute('aria-invalid')).toBe('true');
      expect(box.getAttribute('aria-describedby')).toBe('otp-error');
    }
  });

  it('disables every box and takes no input when disabled', async () => {
    const { user, boxes, onChange } = setup({ disabled: true });
    expect(boxes.every((box) => box.disabled)).toBe(true);
    await user.click(boxAt(boxes, 0));
    await user.keyboard('12');
    expect(valuesOf(boxes).join('')).toBe('');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('focuses the first box on mount with autoFocus', () => {
    const { boxes } = setup({ autoFocus: true });
    expect(document.activeElement).toBe(boxes[0]);
  });

  it('shows what the parent holds: a reset clears the boxes, an ignored change is undone', async () => {
    const { user, boxes } = setup({ initial: '12' });
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(valuesOf(boxes).join('')).toBe('');

    cleanup();
    const onChange = vi.fn();
    render(<OtpInput length={4} label="Code" id="code" value="" onChange={onChange} />);
    const fixed = screen.getAllByRole<HTMLInputElement>('textbox');
    await user.click(boxAt(fixed, 0));
    await user.keyboard('5');
    expect(onChange).toHaveBeenCalledWith('5');
    expect(valuesOf(fixed)).toEqual(['', '', '', '']);
  });

  it('takes input from a phone keyboard or an SMS autofill, which arrive as change events', () => {
    const { boxes, onComplete } = setup();
    fireEvent.change(boxAt(boxes, 0), { target: { value: '4' } });
    expect(valuesOf(boxes)).toEqual(['4', '', '', '', '', '']);
    expect(document.activeElement).toBe(boxes[1]);
    fireEvent.change(boxAt(boxes, 1), { target: { value: 'x' } });
    expect(boxes[1]?.value).toBe('');
    // A character typed before the existing one replaces it; an emptied box is cleared.
    fireEvent.change(boxAt(boxes, 0), { target: { value: '74' } });
    expect(valuesOf(boxes)).toEqual(['7', '', '', '', '', '']);
    fireEvent.change(boxAt(boxes, 0), { target: { value: '' } });
    expect(valuesOf(boxes)).toEqual(['', '', '', '', '', '']);
    fireEvent.change(boxAt(boxes, 0), { target: { value: '654321' } });
    expect(valuesOf(boxes)).toEqual(['6', '5', '4', '3', '2', '1']);
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('654321');
  });
});
