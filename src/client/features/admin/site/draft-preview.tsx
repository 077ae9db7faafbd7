import type { ReactNode } from 'react';
import { useWatch, type Control, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';

type Tree = Record<PropertyKey, unknown>;

/**
 * What the preview draws: the values typed, but a value not valid yet (a colour half typed, a currency
 * code of two letters) as saved, since the page's own parts cannot draw it.
 */
function previewValues<Values>(schema: z.ZodType<Values, Values>, draft: Values, saved: Values): Values {
  const checked = schema.safeParse(draft);
  if (checked.success) return draft;
  const shown = structuredClone(draft);
  for (const { path } of checked.error.issues) {
    const savedValue = path.reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], saved);
    const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], shown) as Tree | undefined;
    const key = path.at(-1);
    if (parent && key !== undefined && savedValue !== undefined) parent[key] = savedValue;
  }
  return shown;
}

interface Props<Values extends FieldValues> {
  control: Control<Values>;
  schema: z.ZodType<Values, Values>;
  /** The form's values as saved. */
  saved: Values;
  children: (values: Values) => ReactNode;
}

/**
 * The live preview of a form: it alone follows what is typed, so that a key re-draws the preview and
 * the field typed in, not the whole form.
 */
export function DraftPreview<Values extends FieldValues>({ control, schema, saved, children }: Props<Values>) {
  const draft = useWatch({ control }) as Values;
  return children(previewValues(schema, draft, saved));
}
