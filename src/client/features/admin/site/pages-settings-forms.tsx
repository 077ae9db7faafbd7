import { siteSettingsSchema, type SiteSettings } from '../../../../shared/api/settings.js';
import { FormTextField } from '../../../components/form-text-field.js';
import { DraftPreview } from './draft-preview.js';
import { LinesField } from './lines-field.js';
import { SettingsSection } from './settings-section.js';
import { NumberField } from './settings-fields.js';
import type { SitePreviews } from './site-previews.js';
import { useSettingsForm } from './use-settings-form.js';

interface Props<Preview> {
  token: string;
  settings: SiteSettings;
  Preview: Preview;
}

/** Site → Pages: the "Our Story" text of the records landing page. */
export function StorySettingsForm({ token, settings, Preview }: Props<SitePreviews['Story']>) {
  const { form, draft, onSubmit, canSave, isSaving, failure } = useSettingsForm<SiteSettings['about']>({
    token,
    settings,
    read: (saved) => saved.about,
    write: (about) => ({ about }),
    at: 'about',
    schema: siteSettingsSchema.shape.about,
    saved: 'Our Story saved: the site shows it now',
  });
  const { control } = form;
  return (
    <SettingsSection
      title="Our Story"
      description="The label's story, told on its home page."
      onSubmit={onSubmit}
      canSave={canSave}
      isSaving={isSaving}
      failure={failure}
      saveLabel="Save story"
      preview={<DraftPreview {...draft}>{(about) => <Preview settings={{ ...settings, about }} />}</DraftPreview>}
      previewOf="the story on the home page"
    >
      <FormTextField control={control} name="heading" label="Heading" fullWidth />
      <LinesField control={control} name="paragraphs" label="Story" helperText="Paragraphs apart by an empty line" per="paragraph" minRows={6} />
    </SettingsSection>
  );
}

/** Site → Pages: what the submit page asks of a demo, and how soon the label answers. */
export function SubmitSettingsForm({ token, settings, Preview }: Props<SitePreviews['Guidelines']>) {
  const { form, draft, onSubmit, canSave, isSaving, failure } = useSettingsForm<SiteSettings['demos']>({
    token,
    settings,
    read: (saved) => saved.demos,
    write: (demos) => ({ demos }),
    at: 'demos',
    schema: siteSettingsSchema.shape.demos,
    saved: 'Submit guidelines saved: the submit page shows them now',
  });
  const { control } = form;
  return (
    <SettingsSection
      title="Submitting demos"
      description="The guidelines on every label's submit page, and the review time the receipt email promises."
      onSubmit={onSubmit}
      canSave={canSave}
      isSaving={isSaving}
      failure={failure}
      saveLabel="Save submit guidelines"
      preview={<DraftPreview {...draft}>{(demos) => <Preview settings={{ ...settings, demos }} />}</DraftPreview>}
      previewOf="the submit page's guidelines"
    >
      <NumberField control={control} name="reviewDays" label="Review time (days)" helperText="How many days the label takes to answer a demo" fullWidth />
      <LinesField control={control} name="guidelines" label="Guidelines" helperText="One a line" per="line" minRows={5} />
    </SettingsSection>
  );
}
