import { chromiumPath } from './chromium.ts';

/** Browser tests never skip silently: without Chromium the run fails and says how to get it. */
export default function globalSetup(): void {
  if (!chromiumPath()) {
    throw new Error(
      'Chromium is not installed, so the browser tests cannot run.\n' +
        'Install it with:  apt-get install -y chromium   (Debian/Ubuntu; as root or with sudo)\n' +
        'or point CHROMIUM_PATH at a Chromium binary.',
    );
  }
}
