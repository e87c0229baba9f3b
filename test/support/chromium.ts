/**
 * Debian's Chromium, headless, as root, on a machine with no internet: no sandbox, no GPU, and
 * none of the background connections that this closed network would refuse. Shared by the
 * browser tests and the bench's Lighthouse runs.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const BASE_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The desktop address bar's own pages (chrome://omnibox-popup.top-chrome/…), which headless
 * Chromium 156 opens in renderers of their own with every new window, that is with every
 * browser context: work for the browser's UI thread and the machine's two cores while the page
 * under test loads (a first visit of /verify, slowed as a phone, finished 270 ms later at the
 * median with them). A phone's browser has no such pages.
 */
export const NOT_OF_A_PHONE = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/**
 * Playwright's own `--disable-features` list (playwright-core's chromiumSwitches.ts). Chromium
 * reads only the last `--disable-features` of its command line, so ours repeats it;
 * test/e2e/chromium-features.test.ts holds it to what Playwright passes.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/** The shared arguments for a launcher that disables `launcherDisabled` itself. */
export function chromiumArgs(launcherDisabled: readonly string[]): string[] {
  const disabled = [...new Set([...launcherDisabled, ...NOT_OF_A_PHONE])];
  return [...BASE_ARGS, `--disable-features=${disabled.join(',')}`];
}

/** For Playwright's `chromium.launch`. */
export const CHROMIUM_ARGS = chromiumArgs(PLAYWRIGHT_DISABLED_FEATURES);

/** The features a launcher's own flags disable (chrome-launcher's `Launcher.defaultFlags()`). */
export function disabledBy(flags: readonly string[]): string[] {
  return flags.flatMap((flag) =>
    flag.startsWith('--disable-features=') ? flag.slice('--disable-features='.length).split(',') : [],
  );
}
