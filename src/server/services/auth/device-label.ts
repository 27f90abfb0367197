/**
 * A short, human label for a sign-in's device from its User-Agent, such as 'Chrome on Android', 'Safari on
 * iPhone' or 'Firefox on Windows' (no library: the list only needs to be recognisable, not exact).
 */
export function deviceLabel(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  if (!ua.trim()) return 'Unknown device';
  const browser = browserOf(ua);
  const system = systemOf(ua);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

function browserOf(ua: string): string | null {
  if (/\bEdg(e|A|iOS)?\//.test(ua)) return 'Edge';
  if (/\bOPR\/|\bOpera\b/.test(ua)) return 'Opera';
  if (/\bSamsungBrowser\//.test(ua)) return 'Samsung Internet';
  if (/\bFirefox\/|\bFxiOS\//.test(ua)) return 'Firefox';
  if (/Chrome\/|\bCriOS\/|\bChromium\//.test(ua)) return 'Chrome';
  if (/\bSafari\//.test(ua) && /\bVersion\//.test(ua)) return 'Safari';
  if (/\bAppleWebKit\//.test(ua) && /\b(iPhone|iPad|iPod)\b/.test(ua)) return 'Safari';
  if (/^curl\//i.test(ua)) return 'curl';
  return null;
}

function systemOf(ua: string): string | null {
  if (/\biPhone\b|\biPod\b/.test(ua)) return 'iPhone';
  if (/\biPad\b/.test(ua)) return 'iPad';
  if (/\bAndroid\b/.test(ua)) return 'Android';
  if (/\bCrOS\b/.test(ua)) return 'ChromeOS';
  if (/\bWindows\b/.test(ua)) return 'Windows';
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return 'Mac';
  if (/\bLinux\b/.test(ua)) return 'Linux';
  return null;
}
