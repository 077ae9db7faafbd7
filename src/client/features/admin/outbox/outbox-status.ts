import type { ChipProps } from '@mui/material';
import type { EmailKind, OutboxStatus } from '../../../../shared/api/messaging.js';

export const outboxStatusLabels: Readonly<Record<OutboxStatus, string>> = {
  waiting: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  cancelled: 'Cancelled',
  not_configured: 'Not sent: no SMTP server',
};

export const outboxStatusColors: Readonly<Record<OutboxStatus, ChipProps['color']>> = {
  waiting: 'info',
  sending: 'info',
  sent: 'success',
  failed: 'error',
  cancelled: 'default',
  not_configured: 'warning',
};

export const emailKindLabels: Readonly<Record<EmailKind, string>> = {
  demo_received: 'Demo received',
  demo_shortlisted: 'Demo shortlisted',
  demo_accepted: 'Demo accepted',
  demo_declined: 'Demo declined',
  vip_welcome: 'VIP welcome',
  staff_digest: 'Staff digest',
  release_alert_confirm: 'Notify me: confirm',
  release_alert: 'Notify me: out now',
  vip_sign_in: 'VIP sign-in link',
  vip_payment_failed: 'VIP payment failed',
  vip_cancelled: 'VIP cancellation',
  vip_renewal_reminder: 'VIP renewal reminder',
  vip_newsletter: 'VIP newsletter',
  vip_waiting_list_confirm: 'VIP waiting list: confirm',
  vip_payments_open: 'VIP payments open',
  staff_invitation: 'Staff invitation',
  order_receipt: 'Order receipt',
  order_downloads: 'Order downloads',
};
