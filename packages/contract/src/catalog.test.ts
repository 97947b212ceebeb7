import { describe, expect, it } from 'vitest';
import { documentTypeNameSchema } from './catalog.js';

describe('document type names', () => {
  it('fold a no-break space and runs of spaces into one space', () => {
    expect(documentTypeNameSchema.parse('Residence\u00a0Permit')).toBe('Residence Permit');
    expect(documentTypeNameSchema.parse('Residence   Permit')).toBe('Residence Permit');
  });

  it('refuse line and paragraph separators', () => {
    expect(documentTypeNameSchema.safeParse('Residence\u2028Permit').success).toBe(false);
    expect(documentTypeNameSchema.safeParse('Residence\u2029Permit').success).toBe(false);
  });
});
