import { DEFAULT_BUSINESS_NAME } from '../../shared/product';

/** What the server writes into index.html's meta tags; under `vite dev` the placeholders are still there. */
function readMeta(name: string, doc: Document): string {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim() ?? '';
  return content.includes('__BUSINESS_') ? '' : content;
}

/** The product name (BUSINESS_NAME), or the shared default. */
export function readBusinessName(doc: Document = document): string {
  return readMeta('business-name', doc) || DEFAULT_BUSINESS_NAME;
}

/** The business as the page names it: the full name, the short one for a phone's top bar, the office's contacts. */
export function readBusinessFacts(doc: Document = document) {
  const name = readBusinessName(doc);
  return {
    name,
    shortName: readMeta('business-short-name', doc) || name.split(/\s+/)[0] || name,
    contactEmail: readMeta('business-contact-email', doc) || null,
    phone: readMeta('business-phone', doc) || null,
  };
}

const facts = readBusinessFacts();
export const businessName = facts.name;
export const businessShortName = facts.shortName;
export const businessContactEmail = facts.contactEmail;
export const businessPhone = facts.phone;

/** Replaces a placeholder left in the page title (vite dev) with the product name. */
export function applyBusinessNameToTitle(doc: Document = document): void {
  if (doc.title.includes('__BUSINESS_NAME__')) doc.title = doc.title.replaceAll('__BUSINESS_NAME__', businessName);
}
