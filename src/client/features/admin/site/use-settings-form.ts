import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import type { SiteSettings, SiteSettingsPatch } from '../../../../shared/api/settings.js';
import { ApiError } from '../../../lib/api-client.js';
import { notify } from '../../../lib/notifications.js';
import { patchSiteSettings, storeSavedSettings } from '../api/admin-site-settings.js';

interface Options<Values extends FieldValues> {
  token: string;
  settings: SiteSettings;
  /** The form's values as the saved settings give them. */
  read: (settings: SiteSettings) => Values;
  /** The patch that saves the form's values: that part of the settings only. */
  write: (values: Values) => SiteSettingsPatch;
  /**
   * Where the form's fields sit in the settings ('labels.tech', 'vip'), or the form's name of a field as
   * the server names it from the root (`labels.tech.accent`); undefined for none of this form's.
   */
  at: string | ((field: string) => string | undefined);
  schema: z.ZodType<Values, Values>;
  /** The snackbar's words once saved. */
  saved: string;
}

/**
 * One form of the Site tab: react-hook-form checked by the shared schema, Save sending a PATCH of its
 * part only, and a refusal that names a field of this form shown on that field (focused), any other
 * as the form's alert (`failure`).
 */
export function useSettingsForm<Values extends FieldValues>({ token, settings, read, write, at, schema, saved }: Options<Values>) {
  const queryClient = useQueryClient();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: read(settings) as DefaultValues<Values> });
  const fieldOf = (name: string | undefined): Path<Values> | undefined => {
    const path = name === undefined ? undefined : typeof at === 'function' ? at(name) : name.startsWith(`${at}.`) ? name.slice(at.length + 1) : undefined;
    return path !== undefined && form.getValues(path as Path<Values>) !== undefined ? (path as Path<Values>) : undefined;
  };
  const save = useMutation({
    mutationFn: (values: Values) => patchSiteSettings(token, write(values)),
    onSuccess: (answer) => {
      storeSavedSettings(queryClient, token, answer);
      form.reset(read(answer.data));
      notify(saved, { variant: 'success' });
    },
    onError: (error) => {
      const field = error instanceof ApiError ? fieldOf(error.field) : undefined;
      if (field) form.setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
    },
  });
  const isOnField = save.error instanceof ApiError && fieldOf(save.error.field) !== undefined;
  return {
    form,
    /** What the form's DraftPreview needs. */
    draft: { control: form.control, schema, saved: read(settings) },
    onSubmit: form.handleSubmit((values) => save.mutate(values)),
    isSaving: save.isPending,
    /** Save is there once something changed, and not while a save is on its way. */
    canSave: form.formState.isDirty && !save.isPending,
    failure: save.error && !isOnField ? save.error.message : null,
  };
}
