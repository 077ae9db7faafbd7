import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  DecisionStatus,
  EmailTemplateBody,
  emailPreviewRequestSchema,
  emailPreviewResponseSchema,
  emailTemplateResponseSchema,
  emailTemplatesResponseSchema,
} from '../../../../shared/api/messaging.js';
import type { z } from 'zod';
import { apiGet, apiSend, type Answer } from '../../../lib/api-client.js';
import { withAdminSession } from './admin-request.js';

export const emailTemplatesKey = ['admin', 'email-templates'] as const;

/** `GET /api/admin/email-templates`: every label's three decision emails. */
export function emailTemplatesQuery(token: string) {
  return queryOptions({
    queryKey: emailTemplatesKey,
    queryFn: ({ signal }) => withAdminSession(apiGet<Answer<typeof emailTemplatesResponseSchema>>('/admin/email-templates', undefined, signal, { token })),
    select: (body) => body.data,
  });
}

/** `POST /api/admin/email-templates/preview`: the email as it would read, with sample values; the last one stays while the next renders. */
export function emailPreviewQuery(token: string, request: z.input<typeof emailPreviewRequestSchema>) {
  return queryOptions({
    queryKey: [...emailTemplatesKey, 'preview', request],
    queryFn: ({ signal }) =>
      withAdminSession(apiSend<Answer<typeof emailPreviewResponseSchema>>('POST', '/admin/email-templates/preview', request, { token, signal })),
    select: (body) => body.data,
    placeholderData: keepPreviousData,
  });
}

const templatePath = (label: string, status: DecisionStatus) => `/admin/email-templates/${encodeURIComponent(label)}/${status}`;

/** `PUT`: stores the label's decision email. */
export function saveEmailTemplate(token: string, label: string, status: DecisionStatus, body: EmailTemplateBody) {
  return withAdminSession(apiSend<Answer<typeof emailTemplateResponseSchema>>('PUT', templatePath(label, status), body, { token }));
}

/** `DELETE`: back to the product's text. */
export function resetEmailTemplate(token: string, label: string, status: DecisionStatus) {
  return withAdminSession(apiSend<Answer<typeof emailTemplateResponseSchema>>('DELETE', templatePath(label, status), undefined, { token }));
}
