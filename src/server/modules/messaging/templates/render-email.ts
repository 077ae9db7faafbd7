import { render, toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';

/** The HTML and plain-text parts of one email: the text is read from the HTML (one render, not two). */
export async function renderEmail(element: ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(element);
  return { html, text: toPlainText(html) };
}
