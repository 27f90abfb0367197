/** Spec 4, webhook log status: 200–299 Success, 400 and above Error, anything else Warning. */
export type WebhookLogStatus = 'Success' | 'Warning' | 'Error';

export function webhookLogStatus(responseStatus: number): WebhookLogStatus {
  if (responseStatus >= 200 && responseStatus <= 299) return 'Success';
  if (responseStatus >= 400) return 'Error';
  return 'Warning';
}
