import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, type Path } from 'react-hook-form';
import { vipPlans } from '../../../../shared/api/vip.js';
import { memberDiscountSchema, type adminMemberDiscountResponseSchema, type AdminMemberDiscount, type MemberDiscount } from '../../../../shared/api/vip-perks.js';
import { FormTextField } from '../../../components/form-text-field.js';
import { PlanCheckboxes } from '../components/plan-checkboxes.js';
import { ApiError, type Answer } from '../../../lib/api-client.js';
import { notify } from '../../../lib/notifications.js';
import { memberDiscountQuery, removeMemberDiscount, saveMemberDiscount } from '../api/admin-member-discount.js';
import { formatDay } from '../components/admin-format.js';

const fieldNames: Path<MemberDiscount>[] = ['code', 'note', 'plans'];
const fieldOf = (name: string | undefined) => fieldNames.find((field) => name === field || name?.startsWith(`${field}.`));

/**
 * Members → Member perks: the discount code staff give the members of chosen plans (a merch store code),
 * shown on those members' page while they are active (docs/decisions/0066).
 */
export function MemberPerksForm({ token }: { token: string }) {
  const query = useQuery(memberDiscountQuery(token));
  if (query.error) return <Alert severity="error">{query.error.message}</Alert>;
  if (query.data === undefined) return <CircularProgress aria-label="Loading" />;
  return <Form token={token} saved={query.data} />;
}

/** The saved code, or an empty form for all plans. */
const formValues = (saved: AdminMemberDiscount): MemberDiscount =>
  saved ? { code: saved.code, note: saved.note, plans: saved.plans } : { code: '', note: '', plans: vipPlans.map((plan) => plan.id) };

function Form({ token, saved }: { token: string; saved: AdminMemberDiscount }) {
  const queryClient = useQueryClient();
  const { control, handleSubmit, reset, setError } = useForm<MemberDiscount>({ resolver: zodResolver(memberDiscountSchema), defaultValues: formValues(saved) });
  const onSaved = (answer: Answer<typeof adminMemberDiscountResponseSchema>, message: string) => {
    queryClient.setQueryData(memberDiscountQuery(token).queryKey, answer);
    reset(formValues(answer.data));
    notify(message, { variant: 'success' });
  };
  const save = useMutation({
    mutationFn: (discount: MemberDiscount) => saveMemberDiscount(token, discount),
    onSuccess: (answer) => onSaved(answer, 'Discount code saved: members of those plans see it on their page'),
    onError: (error) => {
      const field = error instanceof ApiError ? fieldOf(error.field) : undefined;
      if (field) setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
    },
  });
  const remove = useMutation({ mutationFn: () => removeMemberDiscount(token), onSuccess: (answer) => onSaved(answer, 'Discount code removed') });
  const isBusy = save.isPending || remove.isPending;

  return (
    <Box component="form" noValidate onSubmit={handleSubmit((values) => save.mutate(values))} sx={{ display: 'grid', gap: 2 }}>
      <Typography color="text.secondary">
        {saved
          ? `Members see ${saved.code} now (set ${formatDay(saved.updated_at)}${saved.updated_by ? ` by ${saved.updated_by}` : ''}).`
          : 'No code is set: members see none.'}
      </Typography>
      <FormTextField control={control} name="code" label="Discount code" helperText="Letters, digits, - and _, as your store takes it" fullWidth />
      <FormTextField control={control} name="note" label="What it is for" helperText="Shown with the code, e.g. 15% off at the merch store" fullWidth />
      <PlanCheckboxes control={control} name="plans" legend="Plans whose active members see it" />
      {save.error && !(save.error instanceof ApiError && fieldOf(save.error.field)) && <Alert severity="error">{save.error.message}</Alert>}
      {remove.error && <Alert severity="error">{remove.error.message}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button type="submit" variant="contained" disabled={isBusy}>
          {save.isPending ? 'Saving...' : 'Save discount code'}
        </Button>
        {saved && (
          <Button color="error" disabled={isBusy} onClick={() => remove.mutate()}>
            Remove code
          </Button>
        )}
      </Stack>
    </Box>
  );
}
