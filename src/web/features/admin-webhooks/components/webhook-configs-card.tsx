/** Settings tab: the webhook configurations list (create, edit, delete, Active toggle, receiver URL, secret shown once). */
export function WebhookConfigsCard() {
  return null;
}
