import { createHash, randomBytes } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';

/**
 * Device cookies (OWASP's "device cookies" against lockout): a browser that logged in to a
 * card or a staff account gets a long-lived random token in an HttpOnly `__Host-` cookie, and
 * the table records, under the token's SHA-256, that this device logged in to that subject.
 * A login from a known device is counted on its own (subject, device) throttle, apart from
 * strangers', so strangers' wrong passwords never slow it. An unknown or made-up token is
 * worth nothing: that client is counted by its address, like one without a cookie.
 */
export type DeviceKind = 'owner' | 'admin';

export interface DeviceEntity {
  kind: 'device';
  subjectKind: DeviceKind;
  subject: string;
  /** The owner's credential version at login: after a transfer or reset the device is a stranger again. */
  credentialVersion?: number;
  lastLoginAt: number;
  /** TTL, epoch seconds. */
  expiresAt: number;
}

/** How long a device stays known after its last login (browsers keep cookies at most 400 days). */
export const DEVICE_SECONDS = 400 * 24 * 60 * 60;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A device's key by the SHA-256 of its token. */
export const deviceKeyOf = (tokenHash: string, kind: DeviceKind, subject: string) => ({
  pk: `DEVICE#${tokenHash}`,
  sk: `${kind}#${subject}`,
});

export const deviceKey = (token: string, kind: DeviceKind, subject: string) =>
  deviceKeyOf(hashToken(token), kind, subject);

/** The device record of this token for this subject, if the device logged in to it before. */
export async function knownDevice(
  kind: DeviceKind,
  token: string | undefined,
  subject: string,
  now = Date.now(),
): Promise<DeviceEntity | undefined> {
  if (!token || !TOKEN.test(token)) return undefined;
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: deviceKey(token, kind, subject), ConsistentRead: true }),
  );
  const device = Item as DeviceEntity | undefined;
  return device && device.expiresAt * 1000 > now ? device : undefined;
}

/**
 * Records a successful login from this device (the browser's token, or a new one) and returns
 * the token for the cookie.
 */
export async function rememberDevice(input: {
  kind: DeviceKind;
  token: string | undefined;
  subject: string;
  credentialVersion?: number;
  now?: number;
}): Promise<string> {
  const now = input.now ?? Date.now();
  const token = input.token && TOKEN.test(input.token) ? input.token : randomBytes(32).toString('base64url');
  const device: DeviceEntity = {
    kind: 'device',
    subjectKind: input.kind,
    subject: input.subject,
    ...(input.credentialVersion === undefined ? {} : { credentialVersion: input.credentialVersion }),
    lastLoginAt: now,
    expiresAt: Math.floor(now / 1000) + DEVICE_SECONDS,
  };
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...deviceKey(token, input.kind, input.subject), ...device },
    }),
  );
  return token;
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: 'Device cookie (a browser that logged in)',
      pk: '`DEVICE#<sha256(token)>`',
      sk: '`owner#<card>` / `admin#<user>`',
      keys: () => [
        deviceKeyOf('<sha256(token)>', 'owner', '<card>'),
        deviceKeyOf('<sha256(token)>', 'admin', '<user>'),
      ],
    },
  ],
};
