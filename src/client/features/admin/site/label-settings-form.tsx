import { Stack, Typography } from '@mui/material';
import { siteSettingsSchema, type LabelSettings, type SettingsLabelId, type SiteSettings } from '../../../../shared/api/settings.js';
import { FormTextField } from '../../../components/form-text-field.js';
import { uploadLabelLogo } from '../api/admin-site-settings.js';
import { AccentField } from './accent-field.js';
import { DraftPreview } from './draft-preview.js';
import { ImageSetting } from './image-setting.js';
import { SettingsSection } from './settings-section.js';
import type { SitePreviews } from './site-previews.js';
import { useSettingsForm } from './use-settings-form.js';

/** The form's part of a label: everything but the logo, which is uploaded on its own. */
const labelFormSchema = siteSettingsSchema.shape.labels.shape.records.omit({ logo: true });
type LabelForm = Omit<LabelSettings, 'logo'>;

const socialNetworks = [
  ['facebook', 'Facebook'],
  ['instagram', 'Instagram'],
  ['youtube', 'YouTube'],
  ['soundcloud', 'SoundCloud'],
] as const;

interface Props {
  token: string;
  settings: SiteSettings;
  label: SettingsLabelId;
  Preview: SitePreviews['Label'];
}

/** Site → Labels: one label's name, words, accent, logo, social links and the sender of its emails. */
export function LabelSettingsForm({ token, settings, label, Preview }: Props) {
  const { form, draft, onSubmit, canSave, isSaving, failure } = useSettingsForm<LabelForm>({
    token,
    settings,
    read: (saved) => {
      const { logo: _logo, ...rest } = saved.labels[label];
      return rest;
    },
    write: (values) => ({ labels: { [label]: values } }),
    at: `labels.${label}`,
    schema: labelFormSchema,
    saved: 'Label saved: the site shows it now',
  });
  const { control } = form;
  const saved = settings.labels[label];
  return (
    <SettingsSection
      title={saved.name}
      description="The label's name and words on its pages, its colour, logo and links, and who its emails come from."
      onSubmit={onSubmit}
      canSave={canSave}
      isSaving={isSaving}
      failure={failure}
      saveLabel="Save label"
      preview={<DraftPreview {...draft}>{(values) => <Preview settings={{ ...settings, labels: { ...settings.labels, [label]: { ...saved, ...values } } }} label={label} />}</DraftPreview>}
      previewOf={`the ${saved.name} header and landing page`}
    >
      <FormTextField control={control} name="name" label="Name" fullWidth />
      <FormTextField control={control} name="tagline" label="Tagline" fullWidth />
      <FormTextField control={control} name="description" label="Story" helperText="Under the tagline on the label's landing page" multiline minRows={3} fullWidth />
      <FormTextField control={control} name="playlistsSubtitle" label="Playlists subtitle" fullWidth />
      <AccentField control={control} name="accent" label="Accent colour" />
      <ImageSetting
        token={token}
        label="Logo"
        of={saved.name}
        currentUrl={saved.logo}
        upload={(file) => uploadLabelLogo(token, label, file)}
        removal={{ labels: { [label]: { logo: null } } }}
      />
      <Typography variant="subtitle2" component="h3">
        Social links
      </Typography>
      {socialNetworks.map(([network, name]) => (
        <FormTextField key={network} control={control} name={`social.${network}`} label={name} type="url" fullWidth />
      ))}
      <Typography variant="subtitle2" component="h3">
        Emails
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="email.fromName" label="Sender name" helperText="Who the label's emails come from" fullWidth />
        <FormTextField control={control} name="email.replyTo" label="Reply-to address" type="email" helperText="Where replies go" fullWidth />
      </Stack>
    </SettingsSection>
  );
}
