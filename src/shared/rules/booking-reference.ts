import { bookingReference } from '../product';

/** What a booking reference looks like, for the messages that ask for one. */
export const REFERENCE_EXAMPLE = 'NB-1A2B3C4D';

/**
 * Reads a booking reference as typed at the door or read from a QR code (issue 22): 'NB-1A2B3C4D', 'nb 1a2b 3c4d',
 * '1A2B3C4D' all name the booking whose id ends in 1a2b3c4d. Returns that ending in lower case (as ids are stored),
 * or null when the text is not a reference (a booking id is a UUID, so the 8 characters are hex digits).
 */
export function parseBookingReference(text: string): string | null {
  const compact = text.replace(/[\s-]+/g, '').toUpperCase();
  const suffix = compact.startsWith('NB') ? compact.slice(2) : compact;
  return /^[0-9A-F]{8}$/.test(suffix) ? suffix.toLowerCase() : null;
}

/** The reference a parsed ending is shown as: 'NB-' and the 8 characters, upper case. */
export const referenceOfSuffix = (suffix: string): string => bookingReference(suffix);
