import { Autocomplete, Box, Stack, TextField, Typography } from '@mui/material';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { siteSettingsSchema, type SiteSettings } from '../../../../shared/api/settings.js';
import { graphicContrast } from '../../../../shared/domain/readable-colour.js';
import { FormTextField } from '../../../components/form-text-field.js';
import { uploadSiteIcon } from '../api/admin-site-settings.js';
import { AccentField } from './accent-field.js';
import { DraftPreview } from './draft-preview.js';
import { ImageSetting } from './image-setting.js';
import { SettingsSection } from './settings-section.js';
import { useSettingsForm } from './use-settings-form.js';

// The icon's image is in the values, as saved, for the icon's checks; it is set by its upload, never by Save.
const generalFormSchema = z.object({ timeZone: siteSettingsSchema.shape.timeZone, icon: siteSettingsSchema.shape.icon });
type GeneralForm = z.infer<typeof generalFormSchema>;

const timeZones = Intl.supportedValuesOf('timeZone');

/** The icon as a browser tab shows it: the uploaded image, or the letters in the accent on the ground. */
function IconPreview({ icon }: { icon: SiteSettings['icon'] }) {
  return (
    <Stack direction="row" spacing={3} sx={{ p: 3, alignItems: 'center' }}>
      {icon.image ? (
        <Box component="img" src={icon.image} alt="" sx={{ width: 96, height: 96, borderRadius: 3 }} />
      ) : (
        <Box sx={{ width: 96, height: 96, borderRadius: 3, bgcolor: icon.ground, color: icon.accent, display: 'grid', placeItems: 'center', fontSize: 44, fontWeight: 700, fontFamily: 'Helvetica Neue, Helvetica, Arial, sans-serif' }}>
          {icon.letters}
        </Box>
      )}
      <Typography color="text.secondary">The browser tab, bookmarks and a phone's home screen show this icon.</Typography>
    </Stack>
  );
}

/** Site → General: the labels' time zone (when a release day starts) and the site's icon. */
export function GeneralSettingsForm({ token, settings }: { token: string; settings: SiteSettings }) {
  const { form, draft, onSubmit, canSave, isSaving, failure } = useSettingsForm<GeneralForm>({
    token,
    settings,
    read: ({ timeZone, icon }) => ({ timeZone, icon }),
    write: ({ timeZone, icon: { image: _image, ...icon } }) => ({ timeZone, icon }),
    at: (field) => field,
    schema: generalFormSchema,
    saved: 'Site settings saved',
  });
  const { control } = form;
  const ground = useWatch({ control, name: 'icon.ground' });
  return (
    <SettingsSection
      title="Time zone and icon"
      description="A release goes public at midnight of its date in the labels' time zone."
      onSubmit={onSubmit}
      canSave={canSave}
      isSaving={isSaving}
      failure={failure}
      saveLabel="Save time zone and icon"
      preview={<DraftPreview {...draft}>{(values) => <IconPreview icon={{ ...values.icon, image: settings.icon.image }} />}</DraftPreview>}
      previewOf="the site's icon"
    >
      <Controller
        control={control}
        name="timeZone"
        render={({ field, fieldState }) => (
          <Autocomplete
            options={timeZones}
            value={field.value}
            disableClearable
            onChange={(_event, value) => field.onChange(value)}
            renderInput={(params) => <TextField {...params} name={field.name} inputRef={field.ref} label="Time zone" error={Boolean(fieldState.error)} helperText={fieldState.error?.message ?? 'e.g. Europe/London'} />}
          />
        )}
      />
      <FormTextField control={control} name="icon.letters" label="Icon letters" helperText="One to three, e.g. BI" fullWidth />
      <AccentField control={control} name="icon.accent" label="Icon colour" on={{ colour: ground, name: "the icon's background", minimum: graphicContrast }} />
      <FormTextField control={control} name="icon.ground" label="Icon background" helperText="A colour like #000000" fullWidth />
      <ImageSetting token={token} label="Icon image" of="the site" currentUrl={settings.icon.image} upload={(file) => uploadSiteIcon(token, file)} removal={{ icon: { image: null } }} />
    </SettingsSection>
  );
}
