import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import {
  newsletterDraftSchema,
  newsletterLimits,
  newsletterToSendSchema,
  type Newsletter,
  type NewsletterDraft,
  type NewsletterReach,
} from '../../../../shared/api/newsletters.js';
import { vipPlans, type VipPlanId } from '../../../../shared/api/vip.js';
import { FormTextField } from '../../../components/form-text-field.js';
import { PlanCheckboxes } from '../components/plan-checkboxes.js';
import { ApiError } from '../../../lib/api-client.js';
import { notify } from '../../../lib/notifications.js';
import { newsletterReachQuery, newslettersQuery, saveNewsletter, sendNewsletter } from '../api/admin-newsletters.js';

type FormValues = { subject: string; body: string; plans: VipPlanId[] };
const fieldNames: Path<FormValues>[] = ['subject', 'body', 'plans'];
const fieldOf = (name: string | undefined) => fieldNames.find((field) => name === field || name?.startsWith(`${field}.`));

const members = (n: number) => (n === 1 ? '1 member' : `${n} members`);
const planNames = (plans: readonly string[]) => vipPlans.filter((plan) => plans.includes(plan.id)).map((plan) => plan.name).join(', ');

/** What the reach of the chosen plans reads. */
function reachText(plans: VipPlanId[], reach: { data?: NewsletterReach; error: Error | null }): string {
  if (plans.length === 0) return 'Choose the plans whose active members get it.';
  if (reach.error) return reach.error.message;
  if (!reach.data) return 'Counting members…';
  const left = reach.data.unsubscribed > 0 ? ` (${members(reach.data.unsubscribed)} unsubscribed and left out)` : '';
  return `Reaches ${members(reach.data.recipients)} today${left}.`;
}

/**
 * Write, save and send a newsletter (docs/decisions/0065). Send saves the draft first, then asks;
 * the send itself happens once on the server, whatever is clicked twice.
 */
export function NewsletterForm({ token, draft, onSaved, onDone }: { token: string; draft: Newsletter | null; onSaved: (saved: Newsletter) => void; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<Newsletter | null>(draft);
  const [asking, setAsking] = useState(false);
  const titleId = useId();
  const { control, handleSubmit, setError } = useForm<FormValues, unknown, NewsletterDraft>({
    resolver: zodResolver(newsletterDraftSchema),
    defaultValues: { subject: draft?.subject ?? '', body: draft?.body ?? '', plans: draft?.plans ?? [] },
  });
  const plans = useWatch({ control, name: 'plans' });
  const reach = useQuery({ ...newsletterReachQuery(token, plans), enabled: plans.length > 0 });

  const showOnField = (error: Error) => {
    const field = error instanceof ApiError ? fieldOf(error.field) : undefined;
    if (field) setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
    return field !== undefined;
  };
  const save = useMutation({
    mutationFn: (values: NewsletterDraft) => saveNewsletter(token, saved?.id ?? null, values),
    onSuccess: (answer) => {
      setSaved(answer.data);
      onSaved(answer.data);
      void queryClient.invalidateQueries({ queryKey: newslettersQuery(token).queryKey });
    },
    onError: showOnField,
  });
  const send = useMutation({
    mutationFn: (id: string) => sendNewsletter(token, id),
    onSuccess: (answer) => {
      setAsking(false);
      notify(`Newsletter sent to ${members(answer.data.recipient_count ?? 0)}`, { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      onDone();
    },
    onError: (error) => {
      setAsking(false);
      showOnField(error);
    },
  });

  const onSave = handleSubmit((values) => save.mutate(values, { onSuccess: () => notify('Draft saved', { variant: 'success' }) }));
  const onAskToSend = handleSubmit((values) => {
    const missing = newsletterToSendSchema.safeParse(values).error?.issues[0];
    const field = fieldOf(String(missing?.path[0]));
    if (missing && field) return setError(field, { type: 'send', message: missing.message }, { shouldFocus: true });
    save.mutate(values, { onSuccess: () => setAsking(true) });
  });
  const failure = [save.error, send.error].find((error) => error && !(error instanceof ApiError && fieldOf(error.field)));

  return (
    <Box component="form" noValidate onSubmit={(event) => void onSave(event)} sx={{ display: 'grid', gap: 2 }}>
      <FormTextField control={control} name="subject" label="Subject" fullWidth slotProps={{ htmlInput: { maxLength: newsletterLimits.subject } }} />
      <FormTextField
        control={control}
        name="body"
        label="Text"
        helperText="Plain text, sent as written. A blank line starts a new paragraph."
        multiline
        minRows={8}
        fullWidth
      />
      <PlanCheckboxes control={control} name="plans" legend="Send to the active members of" />
      <Typography role="status" aria-label="Reach" color="text.secondary">
        {reachText(plans, reach)}
      </Typography>
      {failure && <Alert severity="error">{failure.message}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button type="submit" variant="outlined" disabled={save.isPending || send.isPending}>
          {save.isPending ? 'Saving...' : 'Save draft'}
        </Button>
        <Button variant="contained" onClick={() => void onAskToSend()} disabled={save.isPending || send.isPending}>
          Send…
        </Button>
      </Stack>
      <Dialog open={asking && saved !== null} onClose={() => setAsking(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Send this newsletter?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {`“${saved?.subject ?? ''}” goes now to ${reach.data ? members(reach.data.recipients) : 'the active members'} of ${planNames(saved?.plans ?? [])} who have not unsubscribed. It is sent once and cannot be changed afterwards.`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>Cancel</Button>
          <Button variant="contained" onClick={() => saved && send.mutate(saved.id)} disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send now'}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
