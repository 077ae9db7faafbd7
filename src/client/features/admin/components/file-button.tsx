import { Button } from '@mui/material';
import { useRef, type ReactNode } from 'react';
import { visuallyHidden } from '../../../lib/visually-hidden.js';

interface Props {
  /** The button's text ("Upload cover", "Uploading…"). */
  label: string;
  /** The file input's own name ("Cover file", "Audio file of No More"). */
  fileLabel: string;
  /** The types the picker offers. */
  accept: string;
  disabled?: boolean;
  icon?: ReactNode;
  size?: 'small' | 'medium';
  /** The file chosen; choosing the same file again calls it again. */
  onFile: (file: File) => void;
}

/**
 * A button that opens the file picker for one file: a real button (Tab reaches it, Enter or Space opens the
 * picker) beside a visually hidden file input that takes no tab stop of its own.
 */
export function FileButton({ label, fileLabel, accept, disabled = false, icon, size = 'medium', onFile }: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="outlined" size={size} startIcon={icon} disabled={disabled} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        disabled={disabled}
        tabIndex={-1}
        aria-label={fileLabel}
        style={visuallyHidden}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
