import AddIcon from '@mui/icons-material/Add';
import { Alert, Button, Checkbox, FormControl, FormControlLabel, FormHelperText, Link, Stack, Typography } from '@mui/material';
import { notify } from '../../../lib/notifications.js';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { DemoForm as DemoFormData } from '../../../../shared/api/demos.js';
import { demoMessages, maxDemoEntries } from '../../../../shared/domain/demo-form.js';
import { ApiError } from '../../../lib/api-client.js';
import { lazyResolver } from '../../../lib/lazy-resolver.js';
import { demoSubmissionRequest, newAttemptKey, submitDemo } from '../api/submit-demo.js';
import { ArtistFields } from './artist-fields.js';
import { emptyArtist, emptyDemoForm, emptyTrack, formFieldOf, type DemoFormValues } from './demo-form-values.js';
import { TrackFields } from './track-fields.js';

// The shared schema, with zod, loads when the form is first checked or stepped into (docs/decisions/0110).
const resolver = lazyResolver(async () => (await import('./demo-form-resolver.js')).demoFormResolver);

/** docs/product.md §8 Demo: the server's error text, else its fallbacks. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.hasServerMessage ? error.message : 'Failed to submit form';
  return 'Failed to process submission';
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" spacing={2}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** docs/product.md §4 demo form: lists of artists and tracks (at least one each), terms, submit. */
export function DemoForm({ labelId }: { labelId: string }) {
  const { control, handleSubmit, reset, setError, getValues, setFocus } = useForm<DemoFormValues, unknown, DemoFormData>({
    resolver,
    defaultValues: emptyDemoForm(),
  });
  const artists = useFieldArray({ control, name: 'artists' });
  const tracks = useFieldArray({ control, name: 'tracks' });
  // One Idempotency-Key per attempt: a retry of the same body sends it again, so a demo whose
  // answer was lost is not stored twice; a changed body or a success starts a new attempt.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const termsHelpId = useId();
  const [sentCount, setSentCount] = useState(0);
  // After a success the emptied form starts again at its first field, far from the Submit button
  // that the success notice (bottom left) would otherwise cover.
  useEffect(() => {
    if (sentCount > 0) setFocus('artists.0.fullName');
  }, [sentCount, setFocus]);
  const submit = useMutation({
    mutationFn: (form: DemoFormData) => {
      const request = demoSubmissionRequest(labelId, form);
      const body = JSON.stringify(request);
      if (attempt.current?.body !== body) attempt.current = { key: newAttemptKey(), body };
      return submitDemo(request, attempt.current.key);
    },
    onSuccess: () => {
      attempt.current = null;
      notify(demoMessages.submitted, { variant: 'success', autoHideDuration: 6000 });
      reset(emptyDemoForm());
      setSentCount((count) => count + 1);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) {
        const field = formFieldOf(error.field, getValues());
        if (field) setError(field, { type: 'server', message: error.message });
      }
    },
  });

  return (
    <Stack component="form" noValidate onFocus={resolver.preload} onSubmit={handleSubmit((form) => submit.mutate(form))} spacing={4} aria-label="Demo submission">
      <Section title="Artists">
        {artists.fields.map((entry, index) => (
          <ArtistFields
            key={entry.id}
            control={control}
            index={index}
            onRemove={artists.fields.length > 1 ? () => artists.remove(index) : undefined}
          />
        ))}
        <AddButton what="artist" count={artists.fields.length} onAdd={() => artists.append(emptyArtist())} />
      </Section>

      <Section title="Tracks">
        {tracks.fields.map((entry, index) => (
          <TrackFields
            key={entry.id}
            control={control}
            index={index}
            onRemove={tracks.fields.length > 1 ? () => tracks.remove(index) : undefined}
          />
        ))}
        <AddButton what="track" count={tracks.fields.length} onAdd={() => tracks.append(emptyTrack())} />
      </Section>

      <Controller
        control={control}
        name="termsAccepted"
        render={({ field, fieldState }) => (
          <FormControl error={Boolean(fieldState.error)}>
            <FormControlLabel
              control={
                <Checkbox
                  name={field.name}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: field.ref, 'aria-describedby': fieldState.error ? termsHelpId : undefined } }}
                />
              }
              label={
                <>
                  {'I accept the '}
                  {/* A new tab, so that reading the terms does not lose what was typed. */}
                  <Link component={RouterLink} to="/legal" target="_blank" rel="noopener">
                    terms and conditions
                  </Link>
                </>
              }
            />
            {fieldState.error && <FormHelperText id={termsHelpId}>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        )}
      />

      {submit.error && (
        <Alert severity="error" onClose={() => submit.reset()}>
          {failureMessage(submit.error)}
        </Alert>
      )}

      <Button type="submit" variant="contained" size="large" disabled={submit.isPending} sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}>
        {submit.isPending ? 'Submitting...' : 'Submit Demo'}
      </Button>
    </Stack>
  );
}

function AddButton({ what, count, onAdd }: { what: 'artist' | 'track'; count: number; onAdd: () => void }) {
  const isFull = count >= maxDemoEntries;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Button variant="outlined" startIcon={<AddIcon />} onClick={onAdd} disabled={isFull}>
        {`Add ${what}`}
      </Button>
      {isFull && (
        <Typography variant="body2" color="text.secondary">
          {`A demo can list at most ${maxDemoEntries} ${what}s`}
        </Typography>
      )}
    </Stack>
  );
}
