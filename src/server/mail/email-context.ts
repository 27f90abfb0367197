/** What every e-mail the portal writes needs to know about the business: its name and public address. */
export interface EmailContext {
  businessName: string;
  publicUrl: string;
}

