import { Checkbox, FormControlLabel, List, ListItem, ListItemText, Stack } from '@mui/material';
import { Controller, type Control, type Path } from 'react-hook-form';
import { maxMemberDiscount, siteSettingsSchema, type SiteSettings } from '../../../../shared/api/settings.js';
import { lessDiscount } from '../../../../shared/domain/vip-price.js';
import { DraftPreview } from './draft-preview.js';
import { SettingsSection } from './settings-section.js';
import { NumberField } from './settings-fields.js';
import { useSettingsForm } from './use-settings-form.js';

type ShopForm = SiteSettings['shop'];

/** The price the preview sells at. */
const examplePrice = 10;
const euros = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(amount);

function SwitchSetting({ control, name, label }: { control: Control<ShopForm>; name: Path<ShopForm>; label: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel label={label} control={<Checkbox name={field.name} checked={field.value === true} onChange={(event) => field.onChange(event.target.checked)} slotProps={{ input: { ref: field.ref } }} />} />
      )}
    />
  );
}

/** What a release costs each buyer with these settings. */
function PricePreview({ shop, plans }: { shop: ShopForm; plans: SiteSettings['vip']['plans'] }) {
  return (
    <List dense sx={{ p: 2 }}>
      <ListItem>
        <ListItemText primary={`Everyone: ${euros(examplePrice)}`} secondary={shop.pricesIncludeTax ? 'Tax included' : 'Tax added at Checkout'} />
      </ListItem>
      {plans.map((plan) => {
        const percent = shop.memberDiscounts[plan.id] ?? 0;
        return (
          <ListItem key={plan.id}>
            <ListItemText primary={`${plan.name} members: ${percent > 0 ? `VIP price ${euros(lessDiscount(examplePrice, percent))} (${percent}% off)` : euros(examplePrice)}`} />
          </ListItem>
        );
      })}
    </List>
  );
}

/**
 * Site → Shop: Stripe Tax, whether prices include tax, and the percent each VIP plan's active members
 * get off the shop's prices when signed in (docs/decisions/0105).
 */
export function ShopSettingsForm({ token, settings }: { token: string; settings: SiteSettings }) {
  const plans = settings.vip.plans;
  const { form, draft, onSubmit, canSave, isSaving, failure } = useSettingsForm<ShopForm>({
    token,
    settings,
    // Every plan has a box: 0 is none.
    read: ({ shop }) => ({ ...shop, memberDiscounts: Object.fromEntries(plans.map((plan) => [plan.id, shop.memberDiscounts[plan.id] ?? 0])) }),
    write: (shop) => ({ shop }),
    at: 'shop',
    schema: siteSettingsSchema.shape.shop,
    saved: 'Shop settings saved',
  });
  const { control } = form;
  return (
    <SettingsSection
      title="Shop"
      description="How releases are sold: tax, and the VIP members' discount. A member gets it signed in on the site, while their membership is active."
      onSubmit={onSubmit}
      canSave={canSave}
      isSaving={isSaving}
      failure={failure}
      saveLabel="Save shop settings"
      preview={<DraftPreview {...draft}>{(shop) => <PricePreview shop={shop} plans={plans} />}</DraftPreview>}
      previewOf={`a release at ${euros(examplePrice)}`}
    >
      <SwitchSetting control={control} name="automaticTax" label="Stripe Tax adds the tax due (set it up in Stripe first)" />
      <SwitchSetting control={control} name="pricesIncludeTax" label="Prices include tax" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {plans.map((plan) => (
          <NumberField
            key={plan.id}
            control={control}
            name={`memberDiscounts.${plan.id}`}
            label={`${plan.name} discount (%)`}
            helperText={`0 to ${maxMemberDiscount}; 0 for none`}
            slotProps={{ htmlInput: { step: 1, min: 0, max: maxMemberDiscount } }}
            fullWidth
          />
        ))}
      </Stack>
    </SettingsSection>
  );
}
