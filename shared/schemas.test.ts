import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages.ts';
import { colorListSchema, doubledGenderSchema, emailSchema, optionalSizeSchema } from '#shared/schemas.ts';

describe('request schemas', () => {
  it.each(['a@b.co', ' Someone@Example.com '])('accepts the email %s', (email) => {
    expect(emailSchema.parse(email)).toBe(email.trim().toLowerCase());
  });

  it.each(['', 'no-at.com', 'a@b', 'a b@c.de', 'a@b .de'])('refuses %j with the spec message', (email) => {
    const result = emailSchema.safeParse(email);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.invalidEmail);
  });

  it('reads colour lists with or without braces', () => {
    expect(colorListSchema.parse('{red, blue}')).toEqual(['red', 'blue']);
    expect(colorListSchema.parse('red,blue')).toEqual(['red', 'blue']);
    expect(colorListSchema.parse('')).toEqual([]);
    expect(colorListSchema.safeParse('red,,blue').success).toBe(false);
  });

  it('reads the doubled gender of the pillar video request', () => {
    expect(doubledGenderSchema.parse('11')).toBe(1);
    expect(doubledGenderSchema.parse('0')).toBe(0);
    expect(doubledGenderSchema.safeParse('01').success).toBe(false);
  });

  it("treats the text 'null' as no size", () => {
    expect(optionalSizeSchema.parse('null')).toBeUndefined();
    expect(optionalSizeSchema.parse('M')).toBe('M');
  });
});
