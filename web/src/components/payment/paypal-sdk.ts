import { apiGet } from '../../lib/api.ts';

/*
 * PayPal's JavaScript SDK (v6), loaded once per page: the settings from GET /paypal/sdk, the
 * core script by PayPal's own loader (@paypal/paypal-js/sdk-v6's loadCoreSdkScript), then an
 * instance with the one component the shop uses. On the local stack the server names the
 * emulator's stand-in of the core script: it is put in the page first, and the loader, which
 * takes a v6 `window.paypal` already there as loaded, hands it back — the same code path after.
 */

const COMPONENTS = ['paypal-payments'] as const;

export type PaypalInstance = Awaited<ReturnType<typeof createInstance>>;

function addScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error('the PayPal script could not be loaded'));
    };
    document.head.append(script);
  });
}

async function createInstance() {
  const settings = await apiGet('/paypal/sdk');
  if (settings.standInScript) await addScript(settings.standInScript);
  const { loadCoreSdkScript } = await import('@paypal/paypal-js/sdk-v6');
  const paypal = await loadCoreSdkScript({ environment: settings.environment });
  if (!paypal) throw new Error('the PayPal script gave no paypal namespace');
  const instance = await paypal.createInstance({
    clientId: settings.clientId,
    components: COMPONENTS,
    pageType: 'checkout',
  });
  const methods = await instance.findEligibleMethods({ currencyCode: 'USD' });
  return { instance, eligible: methods.isEligible('paypal') };
}

let loading: ReturnType<typeof createInstance> | undefined;

/** The page's PayPal instance and whether PayPal is offered to this buyer; a failed load is tried again next time. */
export function paypalInstance(): ReturnType<typeof createInstance> {
  loading ??= createInstance().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
