import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, IconButton, MenuItem, Stack, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import type { AdminReleaseDetail } from '../../../../shared/api/admin-releases.js';
import { trackSaleBlockers } from '../../../../shared/domain/for-sale.js';
import { releaseStatuses, type ReleaseStatus } from '../../../../shared/domain/release-status.js';
import { releaseTypes } from '../../../../shared/domain/release-type.js';
import { storeServices } from '../../../../shared/domain/store-links.js';
import { trackTitle } from '../../../../shared/domain/track-title.js';
import { labels } from '../../../../shared/labels.js';
import { FormTextField } from '../../../components/form-text-field.js';
import { PriceFields } from './price-fields.js';
import { emptyTrack, type ReleaseFormValues } from './release-form.js';
import { TrackAudioUpload } from './track-audio-upload.js';
import { TrackPlaybackFields } from './track-playback-fields.js';

// The release editor's sections (docs/product.md §10.6), each under its heading: the editor lists them
// in order, so that a new part of a release is one more section.

type FormControl = Control<ReleaseFormValues>;

/** What each status means, under the field (docs/decisions/0101). */
const statusHelp = {
  draft: 'Draft: never public, on no page, list, feed or sitemap',
  scheduled: 'Scheduled: announced as upcoming, public from its release date (a future date)',
  published: 'Published: public (upcoming while its date is in the future)',
} as const;

/** A section of the editor: its heading, then its fields. */
export function ReleaseFormSection({ title, children }: { title?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Stack component="section" spacing={2} aria-labelledby={title ? headingId : undefined}>
      {title && (
        <Typography id={headingId} variant="h6" component="h3">
          {title}
        </Typography>
      )}
      {children}
    </Stack>
  );
}

/** Title, credits, type, status, label, date, numbers, genres, description and credits. */
export function ReleaseDetailsSection({ control, status }: { control: FormControl; status: ReleaseStatus }) {
  return (
    <ReleaseFormSection>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField control={control} name="title" label="Title" required fullWidth />
        <FormTextField control={control} name="version" label="Version" helperText="Radio Edit, Remixes, … (empty for none)" fullWidth />
        <FormTextField control={control} name="artists" label="Artists" helperText="Names, separated by commas; new names become artists" fullWidth />
        <FormTextField control={control} name="type" label="Type" select fullWidth>
          {releaseTypes.map((type) => (
            <MenuItem key={type} value={type} sx={{ textTransform: 'capitalize' }}>
              {type}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField control={control} name="status" label="Status" select fullWidth helperText={statusHelp[status]}>
          {releaseStatuses.map((option) => (
            <MenuItem key={option} value={option} sx={{ textTransform: 'capitalize' }}>
              {option}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField control={control} name="label_id" label="Label" select fullWidth>
          {labels.map((label) => (
            <MenuItem key={label.id} value={label.id}>
              {label.name}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="release_date"
          label="Release date"
          type="date"
          helperText="A future date makes it upcoming: “Out {date}” until then"
          fullWidth
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormTextField control={control} name="catalog_number" label="Catalog number" fullWidth />
        <FormTextField control={control} name="upc" label="UPC" fullWidth slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        <FormTextField control={control} name="genres" label="Genres" helperText="Separated by commas" fullWidth />
      </Box>
      <FormTextField control={control} name="description" label="Description" multiline minRows={2} fullWidth />
      <FormTextField control={control} name="credits" label="Credits" helperText="Written by, produced by, mastered by, …" multiline minRows={2} fullWidth />
    </ReleaseFormSection>
  );
}

/** What a track's price makes of its sale alone, by the shop's rule (src/shared/domain/for-sale.ts), with the form's status and the master the server has. */
function TrackPrice({ control, index, hasMaster }: { control: FormControl; index: number; hasMaster: boolean }) {
  const [price, status] = useWatch({ control, name: [`tracks.${index}.price`, 'status'] });
  const todo = trackSaleBlockers({ price: price.kind === 'none' ? null : { amount: 0, currency: price.currency, pay_what_you_want: false }, releaseStatus: status, hasMaster }).flatMap((blocker) =>
    blocker.kind === 'draft' ? ['publish the release'] : blocker.kind === 'masters' ? ['upload its master'] : [],
  );
  const note = price.kind === 'none' ? 'Sold only with the release' : todo.length > 0 ? `Not for sale alone yet: ${todo.join(', ')}` : 'For sale alone: a Buy button on its row';
  return <PriceFields control={control} name={`tracks.${index}.price`} noneLabel="Not sold alone" helperText={note} size="small" />;
}

/**
 * The release's tracks in order, each with its credits and its audio: the master (uploaded at once, once the
 * track is saved), the preview window cut from it, the VIP members' download and its price sold alone, saved with the release.
 */
export function ReleaseTracksSection({ control, token, release }: { control: FormControl; token: string; release: AdminReleaseDetail | undefined }) {
  const tracks = useFieldArray({ control, name: 'tracks', keyName: 'key' });
  return (
    <ReleaseFormSection title="Tracks">
      {tracks.fields.map((track, index) => {
        const stored = release?.tracks.find((t) => t.id === track.id);
        return (
          <Box key={track.key} component="fieldset" aria-label={`Track ${index + 1}`} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, minWidth: 0 }}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
              <Typography variant="subtitle2" component="legend">{`Track ${index + 1}`}</Typography>
              <IconButton aria-label={`Remove track ${index + 1}`} size="small" disabled={tracks.fields.length === 1} onClick={() => tracks.remove(index)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Stack>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 2fr 1fr' } }}>
              <FormTextField control={control} name={`tracks.${index}.title`} label="Title" required size="small" />
              <FormTextField control={control} name={`tracks.${index}.mix_version`} label="Mix version" size="small" />
              <FormTextField control={control} name={`tracks.${index}.duration`} label="Duration" helperText="m:ss" size="small" />
              <FormTextField control={control} name={`tracks.${index}.artists`} label="Artists" helperText="Empty: the release's artists" size="small" />
              <FormTextField control={control} name={`tracks.${index}.remixers`} label="Remixers" size="small" />
              <FormTextField control={control} name={`tracks.${index}.isrc`} label="ISRC" size="small" />
              {stored ? (
                <TrackAudioUpload token={token} trackId={stored.id} name={trackTitle({ title: stored.title, mix_version: stored.mix_version })} audio={stored.audio} />
              ) : (
                <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
                  Its audio is uploaded here once the release is saved.
                </Typography>
              )}
              <TrackPlaybackFields
                control={control}
                size="small"
                names={{
                  previewStart: `tracks.${index}.preview_start`,
                  previewLength: `tracks.${index}.preview_length`,
                  memberDownload: `tracks.${index}.member_download`,
                  instantGrat: `tracks.${index}.instant_grat`,
                }}
              />
              <TrackPrice control={control} index={index} hasMaster={Boolean(stored?.audio)} />
            </Box>
          </Box>
        );
      })}
      <Button startIcon={<AddIcon />} onClick={() => tracks.append(emptyTrack)} sx={{ alignSelf: 'flex-start' }}>
        Add track
      </Button>
    </ReleaseFormSection>
  );
}

/** Where to buy or stream the release. */
export function ReleaseLinksSection({ control }: { control: FormControl }) {
  const listId = useId();
  const links = useFieldArray({ control, name: 'links', keyName: 'key' });
  return (
    <ReleaseFormSection title="Buy / Stream links">
      <datalist id={listId}>
        {storeServices.map((service) => (
          <option key={service} value={service} />
        ))}
      </datalist>
      {links.fields.length === 0 && <Typography color="text.secondary">No store links yet.</Typography>}
      {links.fields.map((link, index) => (
        <Stack key={link.key} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <FormTextField control={control} name={`links.${index}.name`} label="Store" size="small" slotProps={{ htmlInput: { list: listId } }} sx={{ width: { sm: 200 } }} />
          <FormTextField control={control} name={`links.${index}.url`} label="URL" size="small" placeholder="https://…" sx={{ flexGrow: 1 }} />
          <IconButton aria-label={`Remove link ${index + 1}`} onClick={() => links.remove(index)} sx={{ alignSelf: 'center' }}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Stack>
      ))}
      <Button startIcon={<AddIcon />} onClick={() => links.append({ name: '', url: '' })} sx={{ alignSelf: 'flex-start' }}>
        Add link
      </Button>
    </ReleaseFormSection>
  );
}
