import { describe, expect, it } from 'vitest';
import { defaultSiteSettings, siteSettingsPatchSchema, siteSettingsSchema } from './settings.js';

const fieldOf = (body: unknown) => {
  const result = siteSettingsPatchSchema.safeParse(body);
  return result.success ? undefined : result.error.issues[0]?.path.join('.');
};

describe('site settings schemas', () => {
  it("take today's site-config.ts as valid settings", () => {
    expect(siteSettingsSchema.safeParse(defaultSiteSettings).success).toBe(true);
    expect(defaultSiteSettings.labels.tech.accent).toBe('#FF0000');
  });

  it('refuse what an owner gets wrong, naming the field', () => {
    // #333333 reads 1.7:1 on the dark theme's black.
    expect(fieldOf({ labels: { tech: { accent: '#333333' } } })).toBe('labels.tech.accent');
    expect(fieldOf({ labels: { tech: { accent: 'red' } } })).toBe('labels.tech.accent');
    expect(fieldOf({ labels: { deep: { email: { replyTo: 'not an address' } } } })).toBe('labels.deep.email.replyTo');
    expect(fieldOf({ labels: { deep: { social: { youtube: 'javascript:alert(1)' } } } })).toBe('labels.deep.social.youtube');
    expect(fieldOf({ vip: { plans: [{ id: 'monthly', price: 9.999 }] } })).toBe('vip.plans.0.price');
    expect(fieldOf({ vip: { plans: [{ id: 'monthly', price: -1 }] } })).toBe('vip.plans.0.price');
    expect(fieldOf({ vip: { plans: [{ id: 'annual', currency: 'XYZ' }] } })).toBe('vip.plans.0.currency');
    expect(fieldOf({ vip: { plans: [{ price: 5 }] } })).toBe('vip.plans.0.id');
    expect(fieldOf({ timeZone: 'Mars/Olympus' })).toBe('timeZone');
    expect(fieldOf({ timeZone: '+01:00' })).toBe('timeZone');
    expect(fieldOf({ legal: { contactEmail: 'x' } })).toBe('legal.contactEmail');
  });

  it('take a partial change of valid values', () => {
    const change = { timeZone: 'Europe/Amsterdam', labels: { tech: { accent: '#FF5555', name: 'Tech' } }, vip: { plans: [{ id: 'monthly', price: 12.5, currency: 'EUR' }] } };
    expect(siteSettingsPatchSchema.parse(change)).toEqual(change);
  });
});
