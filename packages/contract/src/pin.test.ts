import { describe, expect, it } from 'vitest';
import { changePinSchema, createPinSchema, isGuessablePin, PIN_TOO_EASY } from './pin.js';

describe('new PINs', () => {
  it('are not repeated digits or runs up or down', () => {
    for (const pin of ['0000', '1111', '1234', '6789', '7890', '9012', '4321', '3210', '0987']) {
      expect(isGuessablePin(pin), pin).toBe(true);
    }
    for (const pin of ['2580', '1357', '1212', '5873', '1470', '2468', '1235']) {
      expect(isGuessablePin(pin), pin).toBe(false);
    }
  });

  it('are refused when chosen, never when a current PIN is checked', () => {
    const created = createPinSchema.safeParse({ pin: '1234', confirmPin: '1234' });
    expect(created.error?.issues[0]?.message).toBe(PIN_TOO_EASY);
    const changed = changePinSchema.safeParse({
      currentPin: '1111',
      newPin: '2580',
      confirmPin: '2580',
    });
    expect(changed.success).toBe(true);
  });
});
