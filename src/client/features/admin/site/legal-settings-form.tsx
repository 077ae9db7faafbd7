import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { siteSettingsSchema, type SiteSettings } from '../../../../shared/api/settings.js';
import { FormTextField } from '../../../components/form-text-field.js';
import { DraftPreview } from './draft-preview.js';
import { LinesField } from './lines-field.js';
import { SettingsSection } from './settings-section.js';
import type { SitePreviews } from './site-previews.js';
import { useSettingsForm } from './use-settings-form.js';

export type LegalDocumentKey = 'termsOfService' | 'privacyPolicy';
type Legal = SiteSettings['legal'];

/** The form of one document, with the date and the contact address both documents show. */
const legalFormSchema = z.object({
  lastUpdated: siteSettingsSchema.shape.legal.shape.lastUpdated,
  contactEmail: siteSettingsSchema.shape.legal.shape.contactEmail,
  document: siteSettingsSchema.shape.legal.shape.termsOfService,
});
type LegalForm = z.infer<typeof legalFormSchema>;

interface Props {
  token: string;
  settings: SiteSettings;
  document: LegalDocumentKey;
  Preview: SitePreviews['Legal'];
}

/** Site → Legal: one document of the legal page, its sections each a heading and paragraphs. */
export function LegalSettingsForm({ token, settings, document, Preview }: Props) {
  const { form, draft, onSubmit, canSave, isSaving, failure } = useSettingsForm<LegalForm>({
    token,
    settings,
    read: ({ legal }) => ({ lastUpdated: legal.lastUpdated, contactEmail: legal.contactEmail, document: legal[document] }),
    write: (values) => ({ legal: { lastUpdated: values.lastUpdated, contactEmail: values.contactEmail, [document]: values.document } }),
    // The server names `legal.privacyPolicy.sections.2.heading`; the form holds it as `document.sections.2.heading`.
    at: (field) => (field.startsWith(`legal.${document}.`) ? `document.${field.slice(`legal.${document}.`.length)}` : field.replace(/^legal\./, '')),
    schema: legalFormSchema,
    saved: `${settings.legal[document].title} saved: the legal page shows it now`,
  });
  const { control } = form;
  const sections = useFieldArray({ control, name: 'document.sections' });
  const title = settings.legal[document].title;
  return (
    <SettingsSection
      title={title}
      description="What the legal page says. Keep the privacy policy in step with what the site stores."
      onSubmit={onSubmit}
      canSave={canSave}
      isSaving={isSaving}
      failure={failure}
      saveLabel={`Save ${title.toLowerCase()}`}
      preview={
        <DraftPreview {...draft}>
          {(values) => {
            const legal: Legal = { ...settings.legal, lastUpdated: values.lastUpdated, contactEmail: values.contactEmail, [document]: values.document };
            return <Preview settings={{ ...settings, legal }} document={document} />;
          }}
        </DraftPreview>
      }
      previewOf={`the ${title}`}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="lastUpdated" label="Last updated" helperText="e.g. 26 November 2026" fullWidth />
        <FormTextField control={control} name="contactEmail" label="Privacy contact" type="email" helperText="Where people ask about their data" fullWidth />
      </Stack>
      <FormTextField control={control} name="document.title" label="Title" fullWidth />
      {sections.fields.map((section, index) => (
        <Box key={section.id} component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, minWidth: 0, display: 'grid', gap: 2 }}>
          <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
            {`Section ${index + 1}`}
          </Typography>
          <FormTextField control={control} name={`document.sections.${index}.heading`} label="Heading" fullWidth />
          <LinesField control={control} name={`document.sections.${index}.paragraphs`} label="Paragraphs" helperText="Apart by an empty line" per="paragraph" minRows={4} />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <IconButton aria-label={`Move section ${index + 1} up`} disabled={index === 0} onClick={() => sections.move(index, index - 1)}>
              <ArrowUpwardIcon />
            </IconButton>
            <IconButton aria-label={`Move section ${index + 1} down`} disabled={index === sections.fields.length - 1} onClick={() => sections.move(index, index + 1)}>
              <ArrowDownwardIcon />
            </IconButton>
            <IconButton aria-label={`Remove section ${index + 1}`} onClick={() => sections.remove(index)}>
              <DeleteIcon />
            </IconButton>
          </Stack>
        </Box>
      ))}
      <Button startIcon={<AddIcon />} onClick={() => sections.append({ heading: '', paragraphs: [] })} sx={{ justifySelf: 'start' }}>
        Add section
      </Button>
    </SettingsSection>
  );
}
