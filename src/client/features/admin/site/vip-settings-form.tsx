import { Checkbox, FormControlLabel, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { Controller } from 'react-hook-form';
import { siteSettingsSchema, type SiteSettings } from '../../../../shared/api/settings.js';
import { FormTextField } from '../../../components/form-text-field.js';
import { DraftPreview } from './draft-preview.js';
import { LinesField } from './lines-field.js';
import { SettingsSection } from './settings-section.js';
import { NumberField, OptionalTextField } from './settings-fields.js';
import type { SitePreviews } from './site-previews.js';
import { useSettingsForm } from './use-settings-form.js';

type VipForm = SiteSettings['vip'];

/** Site → VIP: each plan's name, price, period and perks, and how early members hear upcoming releases. */
export function VipSettingsForm({ token, settings, Preview }: { token: string; settings: SiteSettings; Preview: SitePreviews['VipPlans'] }) {
  const { form, draft, onSubmit, canSave, isSaving, failure } = useSettingsForm<VipForm>({
    token,
    settings,
    read: (saved) => saved.vip,
    write: (vip) => ({ vip }),
    at: 'vip',
    schema: siteSettingsSchema.shape.vip,
    saved: 'VIP plans saved: the VIP page shows them now',
  });
  const { control } = form;
  return (
    <SettingsSection
      title="VIP"
      description="The plans on the VIP page. A new price makes a new Stripe price; members keep paying the price they joined at."
      onSubmit={onSubmit}
      canSave={canSave}
      isSaving={isSaving}
      failure={failure}
      saveLabel="Save VIP plans"
      preview={<DraftPreview {...draft}>{(vip) => <Preview settings={{ ...settings, vip }} />}</DraftPreview>}
      previewOf="the VIP page's plans"
    >
      <NumberField control={control} name="earlyAccessDays" label="Early access (days)" helperText="How many days before release day members stream upcoming releases" fullWidth />
      {settings.vip.plans.map((plan, index) => (
        <Stack key={plan.id} component="fieldset" spacing={2} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
            {`${plan.name} plan`}
          </Typography>
          <FormTextField control={control} name={`plans.${index}.name`} label="Name" fullWidth />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <NumberField control={control} name={`plans.${index}.price`} label="Price" slotProps={{ htmlInput: { step: '0.01', min: 0 } }} fullWidth />
            <FormTextField control={control} name={`plans.${index}.currency`} label="Currency" helperText="A code like USD or EUR" fullWidth />
            <Controller
              control={control}
              name={`plans.${index}.period`}
              render={({ field }) => (
                <TextField select label="Per" name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} fullWidth>
                  <MenuItem value="month">month</MenuItem>
                  <MenuItem value="year">year</MenuItem>
                </TextField>
              )}
            />
          </Stack>
          <LinesField control={control} name={`plans.${index}.features`} label="Perks" helperText="One a line" per="line" />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <OptionalTextField control={control} name={`plans.${index}.badge`} label="Badge" helperText="e.g. Save 17%; empty for none" fullWidth />
            <OptionalTextField control={control} name={`plans.${index}.stripePriceId`} label="Stripe price id" helperText="price_…; empty: the site makes one" fullWidth />
          </Stack>
          <Controller
            control={control}
            name={`plans.${index}.isPopular`}
            render={({ field }) => (
              <FormControlLabel label="Marked MOST POPULAR" control={<Checkbox name={field.name} checked={field.value} onChange={(event) => field.onChange(event.target.checked)} slotProps={{ input: { ref: field.ref } }} />} />
            )}
          />
        </Stack>
      ))}
    </SettingsSection>
  );
}
