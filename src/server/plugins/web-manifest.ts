import { BRAND_COLOR } from '../../shared/product';

/** The longest name a home screen shows under an icon without cutting it. */
export const SHORT_NAME_MAX = 12;

/** The name under the home-screen icon: the configured short form, else the business name's first word (cut to 12). */
export function shortNameOf(businessName: string, configured?: string): string {
  const name = configured?.trim() || businessName.trim().split(/\s+/)[0] || businessName;
  return name.slice(0, SHORT_NAME_MAX);
}

/** Icons drawn by scripts/make-icons.mjs into src/web/public/icons (copied to the web root by the build). */
export const APP_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

/** The web app manifest that makes the portal installable: a parent opens it from the home screen on the dashboard. */
export function webAppManifest(options: { businessName: string; shortName?: string }) {
  return {
    id: '/',
    name: options.businessName,
    short_name: shortNameOf(options.businessName, options.shortName),
    description: `${options.businessName} parent booking portal: book training sessions for your children.`,
    lang: 'en',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: BRAND_COLOR,
    background_color: BRAND_COLOR,
    icons: APP_ICONS,
  };
}
