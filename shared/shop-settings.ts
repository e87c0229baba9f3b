import * as z from '#shared/zod.ts';

/**
 * The settings of one deployment of the shop: its name, the support address shoppers and owners
 * write to, the staff's orders address every sale is announced to, the address its mail is sent from, and the external sister sites /home links. One
 * source: CDK context (cdk.json `context.shop`, each value overridable with `-c shop.<name>=…`),
 * read by the stack (functions' environment) and by the web build (vite `define`). The local
 * stack has its own values (infra/local/shop-settings.ts).
 */
const https = z
  .url({ protocol: /^https$/, error: 'must be an https:// address' })
  .check(z.maxLength(300, 'at most 300 characters'));
const email = z
  .email({ error: 'must be an e-mail address' })
  .check(z.maxLength(254, 'at most 254 characters'));

export const shopSettingsSchema = z.strictObject({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(80, 'at most 80 characters')),
  supportEmail: email,
  /** Staff's address: every paid order is mailed here (the piece, the amount, its admin page). */
  ordersEmail: email,
  /** The bare sender address; mail goes out as `<name> <mailFrom>`. */
  mailFrom: email,
  sisterSites: z.array(
    z.strictObject({
      name: z
        .string()
        .check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(60, 'at most 60 characters')),
      url: https,
    }),
  ),
});
export type ShopSettings = z.output<typeof shopSettingsSchema>;

/** Stages whose settings must be real: a deployment shoppers use. */
export const PRODUCTION_STAGES: readonly string[] = ['prod'];

/** Names and addresses that are placeholders (RFC 2606/6761 reserved names), never a real shop's. */
const PLACEHOLDER = /\.(example|invalid|test|localhost)$|(^|[.@])example\.(com|net|org)$/i;

/** Whether an e-mail address is at a placeholder domain. */
export const isPlaceholderAddress = (email: string) =>
  PLACEHOLDER.test(email.slice(email.lastIndexOf('@') + 1));
/** Whether a site's address is at a placeholder host. */
export const isPlaceholderSite = (url: string) => PLACEHOLDER.test(new URL(url).hostname);

/** What a production stage refuses beyond the schema: a placeholder address or site. */
function placeholders(settings: ShopSettings): string[] {
  return [
    ...(isPlaceholderAddress(settings.supportEmail) ? [`supportEmail ${settings.supportEmail}`] : []),
    ...(isPlaceholderAddress(settings.ordersEmail) ? [`ordersEmail ${settings.ordersEmail}`] : []),
    ...(isPlaceholderAddress(settings.mailFrom) ? [`mailFrom ${settings.mailFrom}`] : []),
    ...settings.sisterSites.flatMap((site) =>
      isPlaceholderSite(site.url) ? [`sisterSites ${site.name} ${site.url}`] : [],
    ),
  ];
}

/**
 * The settings of `stage` from CDK context values (`context.shop` and `shop.<name>` overrides,
 * which may be JSON text as `-c` gives them), or an error naming every bad value.
 */
export function shopSettingsFromContext(stage: string, context: (name: string) => unknown): ShopSettings {
  const fromJson = (value: unknown) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  };
  const base = fromJson(context('shop'));
  const merged: Record<string, unknown> = { ...(base && typeof base === 'object' ? base : {}) };
  for (const key of Object.keys(shopSettingsSchema.shape)) {
    const override = context(`shop.${key}`);
    if (override !== undefined) merged[key] = key === 'sisterSites' ? fromJson(override) : override;
  }
  const parsed = z.safeParse(shopSettingsSchema, merged);
  const where = `the shop settings of stage "${stage}" (cdk.json context.shop, or -c shop.<name>=…)`;
  if (!parsed.success)
    throw new Error(
      `${where}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'shop'} ${i.message}`).join('; ')}`,
    );
  if (PRODUCTION_STAGES.includes(stage)) {
    const bad = placeholders(parsed.data);
    if (bad.length > 0)
      throw new Error(
        `${where}: a production stage needs real addresses, not placeholders: ${bad.join('; ')}`,
      );
  }
  return parsed.data;
}

/** The From header of the shop's mail. */
export const mailFromHeader = (settings: Pick<ShopSettings, 'name' | 'mailFrom'>) =>
  `${settings.name} <${settings.mailFrom}>`;
