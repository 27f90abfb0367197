import { DEFAULT_BUSINESS_NAME } from '../../shared/product';

const PLACEHOLDER = '__BUSINESS_NAME__';

/**
 * The product name. The server writes it into index.html (meta business-name); under `vite dev`
 * the placeholder is still there, so the shared default is used instead.
 */
export function readBusinessName(doc: Document = document): string {
  const content = doc.querySelector<HTMLMetaElement>('meta[name="business-name"]')?.content.trim();
  if (!content || content.includes(PLACEHOLDER)) return DEFAULT_BUSINESS_NAME;
  return content;
}

export const businessName = readBusinessName();

/** Replaces a placeholder left in the page title (vite dev) with the product name. */
export function applyBusinessNameToTitle(doc: Document = document): void {
  if (doc.title.includes(PLACEHOLDER)) doc.title = doc.title.replaceAll(PLACEHOLDER, businessName);
}
