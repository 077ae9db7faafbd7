import { TextField } from '@mui/material';
import { useState } from 'react';
import { useController, type Control, type FieldError, type FieldValues, type Path } from 'react-hook-form';

/** The first message of a field or of any entry of a list field (the resolver puts it on `name.2`). */
function firstMessage(error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  if (error.message) return error.message;
  for (const entry of Object.values(error as unknown as Record<string, FieldError | undefined>)) {
    const message = typeof entry === 'object' && entry !== null ? firstMessage(entry) : undefined;
    if (message) return message;
  }
  return undefined;
}

interface Props<Values extends FieldValues> {
  control: Control<Values>;
  name: Path<Values>;
  label: string;
  helperText: string;
  /** 'line': one entry a line (guidelines, perks); 'paragraph': entries apart by an empty line. */
  per: 'line' | 'paragraph';
  minRows?: number;
}

/**
 * A list of texts (paragraphs, guidelines, perks) typed in one text box. The box keeps what is typed
 * (an empty line on its way to a new paragraph) while it says the same list; a reset or a revert shows
 * the list as saved.
 */
export function LinesField<Values extends FieldValues>({ control, name, label, helperText, per, minRows = 3 }: Props<Values>) {
  const { field, fieldState } = useController({ control, name });
  const joiner = per === 'line' ? '\n' : '\n\n';
  const split = (text: string) => (per === 'line' ? text.split('\n') : text.split(/\n\s*\n/)).map((entry) => entry.trim()).filter(Boolean);
  const entries = (field.value ?? []) as string[];
  const [typed, setTyped] = useState(() => entries.join(joiner));
  const isTypedCurrent = JSON.stringify(split(typed)) === JSON.stringify(entries);
  const message = firstMessage(fieldState.error);
  return (
    <TextField
      label={label}
      name={field.name}
      value={isTypedCurrent ? typed : entries.join(joiner)}
      onChange={(event) => {
        setTyped(event.target.value);
        field.onChange(split(event.target.value));
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(message)}
      helperText={message ?? helperText}
      multiline
      minRows={minRows}
      fullWidth
    />
  );
}
