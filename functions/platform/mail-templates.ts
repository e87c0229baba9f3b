import { htmlPart, type MailPicture } from '#platform/mail-html.ts';

/**
 * Every mail the shop sends, as SES templates (Handlebars, rendered by SES without escaping),
 * each with a text part (below) and an HTML part made from it (mail-html.ts: the values escaped,
 * a picture where the template names one). The CDK stack creates them in SES, the local stack in
 * its SES stand-in, both from this list, so the functions send only a template name and its data.
 * Template names carry a prefix per environment (MAIL_TEMPLATE_PREFIX), as SES templates are
 * shared by every stack of an account and region. A time a template names is given in words
 * (shared/time-words.ts), never as an ISO time.
 */
export const MAIL_TEMPLATES = {
  'order-confirmation': {
    subject: 'Your order: {{productName}}',
    picture: { src: 'pictureLink', alt: 'productName' },
    text: [
      'Dear {{name}},',
      '',
      'Thank you. {{productName}} is yours — the only one there is.',
      'Total paid: {{total}} USD (order {{checkoutCode}}).',
      'We will send it to: {{address}}.',
      'You will receive a delivery email within 7 business days.',
      '',
      '{{shop}}',
    ],
  },
  'order-sold': {
    subject: 'Sold: {{productName}}, {{total}} USD',
    text: [
      '{{productName}} ({{collectionName}}{{#if size}}, size {{size}}{{/if}}) is sold.',
      '',
      'Amount paid: {{total}} USD by {{payment}} (order {{checkoutCode}}).',
      'Buyer: {{buyerName}}, {{country}}.',
      '',
      'We promised delivery within 7 business days. Ship it from its page:',
      '{{orderLink}}',
      '',
      '{{shop}}',
    ],
  },
  'order-shipped': {
    subject: '{{productName}} is on its way',
    text: [
      'Dear {{name}},',
      '',
      '{{productName}} has left our atelier (order {{checkoutCode}}).',
      'Carrier: {{carrier}}',
      'Tracking number: {{trackingNumber}}',
      'Follow it here: {{trackingUrl}}',
      '',
      'The address cannot be changed once shipped. For any question, write to us at {{contact}}.',
      '',
      '{{shop}}',
    ],
  },
  'draw-entered': {
    subject: 'You are in the draw for {{productName}}',
    text: [
      'Your entry in the draw for {{productName}} is binding: {{card}} has authorised {{total}} USD, charged only if you win.',
      'The draw closes at {{closesAt}}. Until then you may withdraw: {{entryLink}}',
      '',
      'Your salt, to find your entry in the published list and check the draw yourself:',
      '    {{salt}}',
      'Your line in the list: {{commitment}}',
      'How to check it: {{algorithmLink}}',
      '',
      '{{shop}}',
    ],
  },
  'draw-entry-link': {
    subject: 'Your link to enter the draw for {{productName}}',
    text: [
      'Someone, you we hope, asked to enter the draw for {{productName}} with this address.',
      '',
      'To enter, open this link within {{minutes}} minutes:',
      '{{link}}',
      '',
      'It makes one entry in this draw, with this address. The draw closes at {{closesAt}}.',
      '',
      'If you did not ask, ignore this mail: nobody can enter in your name without this link.',
      '',
      '{{shop}}',
    ],
  },
  'draw-not-member': {
    subject: 'The draw for {{productName}} is for members',
    text: [
      'Someone, you we hope, asked to enter the draw for {{productName}} with this address, which is not a confirmed member’s.',
      '',
      'Only members enter our draws. To become one, sign up here and open the link we mail you:',
      '{{membershipLink}}',
      'Then ask for your link to enter on the draw’s page: {{drawLink}}',
      '',
      'If you did not ask, ignore this mail: nothing was made in your name.',
      '',
      '{{shop}}',
    ],
  },
  'draw-address-taken': {
    subject: 'Your entry in the draw for {{productName}} was refused',
    text: [
      'Your entry in the draw for {{productName}} was refused: another binding entry of this draw ships to the address you gave ({{address}}). One entry per address. Nothing is charged: {{release}}',
      '',
      'If someone else at this address entered, this is as it should be. If nobody did, someone may have used your address: write to us at {{contact}}, naming this draw ({{drawId}}), before it closes at {{closesAt}}.',
      '',
      '{{shop}}',
    ],
  },
  'draw-won': {
    subject: 'You won the draw for {{productName}}',
    picture: { src: 'pictureLink', alt: 'productName' },
    text: [
      'Dear {{name}},',
      '',
      'You won the draw for {{productName}}. Your card was charged {{total}} USD (order {{checkoutCode}}); your order confirmation and the password of the authenticity portal follow in their own mails.',
      '',
      'Check the draw yourself: {{drawLink}}',
      'Your salt: {{salt}}',
      '',
      '{{shop}}',
    ],
  },
  'draw-lost': {
    subject: 'The draw for {{productName}}: the result',
    text: [
      'The draw for {{productName}} is drawn, and this time it is not you. Nothing is charged: your card’s authorisation is released.',
      '',
      'Check the draw yourself, with the list, the result and the script: {{drawLink}}',
      'Your salt: {{salt}}',
      '',
      '{{shop}}',
    ],
  },
  'draw-opening': {
    subject: 'A draw for {{pieceName}}, for members',
    text: [
      '{{pieceName}} is offered by a draw, open to members only.',
      '',
      'Entries: {{window}}.',
      'Enter on the draw’s page: {{drawLink}}',
      '',
      'One entry per member. Your card is authorised when you enter and charged only if you win; the winner is drawn in public, and anyone can check the draw.',
      '',
      '{{shop}}',
      '',
      'You receive this email because you are a member. To unsubscribe with one click: {{unsubscribeLink}}',
    ],
  },
  'portal-password': {
    subject: 'Your authenticity portal password',
    text: [
      '{{#if name}}Dear {{name}},{{else}}Hello,{{/if}}',
      '',
      'Your {{productName}} comes with a stainless steel authenticity card (ending {{cardEnding}}).',
      'To see the proof of its authenticity, log in to the authenticity portal with the 16-digit card number and this password:',
      '',
      '    {{password}}',
      '',
      'The portal: {{portalLink}}',
      '',
      'Keep this email private. You can transfer ownership from the portal.',
      '',
      '{{shop}}',
    ],
  },
  'payment-refunded': {
    subject: '{{productName}}: your payment was refunded',
    text: [
      'Dear {{name}},',
      '',
      'We are sorry: {{productName}} exists only once, and it was sold to another buyer after your reservation ran out.',
      'Your payment of {{total}} USD has been refunded in full.',
      '',
      '{{shop}}',
    ],
  },
  'portal-password-reset': {
    subject: 'Your new authenticity portal password',
    text: [
      'Hello,',
      '',
      'A new password was requested for the authenticity card ending {{cardEnding}} ({{productName}}).',
      'Your previous password no longer works. Log in to the authenticity portal with the card number and:',
      '',
      '    {{password}}',
      '',
      'The portal: {{portalLink}}',
      '',

      'If you did not ask for this, please write to us at {{contact}}.',
      '',
      '{{shop}}',
    ],
  },
  'portal-reset-link': {
    subject: 'Reset your authenticity portal password',
    text: [
      'Hello,',
      '',
      'Someone asked to reset the password of the authenticity card ending {{cardEnding}} ({{productName}}).',
      'If it was you, open this link within an hour and confirm; a new password will then be mailed to you:',
      '',
      '    {{link}}',
      '',
      'Until then your present password keeps working. If you did not ask for this, ignore this email.',
      '',
      '{{shop}}',
    ],
  },
  'portal-login-link': {
    subject: 'Your one-time login link to the authenticity portal',
    text: [
      'Hello,',
      '',
      'Someone asked for a one-time login link for the authenticity card ending {{cardEnding}} ({{productName}}).',
      'If it was you, open this link within {{minutes}} minutes to see your piece; it works once:',
      '',
      '    {{link}}',
      '',
      'Your password is unchanged. If you did not ask for this, ignore this email.',
      '',
      '{{shop}}',
    ],
  },
  'portal-failed-logins': {
    subject: 'Failed logins to your authenticity card',
    text: [
      'Hello,',
      '',
      'Today someone tried {{tries}} times to log in to the authenticity portal with the card ending {{cardEnding}} ({{productName}}) and a wrong password.',
      'Your password still works and nothing was changed. Further tries from browsers that never opened your piece are now slowed down; yours are not, and the portal can mail you a one-time login link.',
      'If it was not you, keep your steel card safe; if you think your password is known, reset it in the portal.',
      '',
      '{{shop}}',
    ],
  },
  'transfer-received': {
    subject: '{{productName}} has been transferred to you',
    text: [
      'Hello,',
      '',
      'The authenticity record of {{productName}} (card ending {{cardEnding}}) is now yours.',
      'Log in to the authenticity portal with the 16-digit number of the steel card and this password:',
      '',
      '    {{password}}',
      '',
      'The portal: {{portalLink}}',
      '',

      'Keep this email private.',
      '',
      '{{shop}}',
    ],
  },
  'transfer-sent': {
    subject: '{{productName}} has been transferred',
    text: [
      'Hello,',
      '',
      'On {{at}} the authenticity record of {{productName}} (card ending {{cardEnding}}) was transferred to {{newOwner}}.',
      'Your password no longer works. If you did not do this, write to us at once at {{contact}}.',
      '',
      '{{shop}}',
    ],
  },
  'size-finder-reply': {
    subject: 'Your size for {{collectionName}}',
    text: [
      'Hello,',
      '',
      'Thank you for answering the size finder of {{collectionName}}. The size we recommend for you is:',
      '',
      '    {{size}}',
      '',
      '{{#if note}}{{note}}',
      '',
      '{{/if}}If you have a question, write to us at {{contact}}.',
      '',
      '{{shop}}',
    ],
  },
  'member-confirm': {
    subject: 'Please confirm your membership',
    text: [
      'Hello,',
      '',
      'Someone, we hope you, asked to become a member of {{shop}} with this address, to receive an email the moment a new release arrives or a draw opens.',
      'To confirm, open this link within {{days}} days:',
      '',
      '    {{link}}',
      '',
      'If it was not you, ignore this email: without your confirmation we will not write to you again.',
      '',
      '{{shop}}',
    ],
  },
  'member-already': {
    subject: 'You are already a member',
    text: [
      'Hello,',
      '',
      'Someone, we hope you, asked to become a member of {{shop}} with this address. It is a member already: there is nothing to confirm.',
      '',
      'As a member you receive an email the moment a new release arrives or a draw opens, and a notice when our terms of use change. Every email has a link to unsubscribe.',
      '',
      'If it was not you, ignore this email.',
      '',
      '{{shop}}',
    ],
  },
  'member-release': {
    subject: '{{subject}}',
    picture: { src: 'pictureLink', alt: 'collectionName' },
    text: [
      '{{text}}',
      '',
      '{{#if eventTitle}}{{eventTitle}}: {{eventDate}}{{else}}{{collectionName}}: {{collectionLink}}{{/if}}',
      '{{#if pictureLink}}Picture: {{pictureLink}}{{/if}}',
      '',
      '{{shop}}',
      '',
      'You receive this email because you are a member. To unsubscribe with one click: {{unsubscribeLink}}',
    ],
  },
  'terms-notice': {
    subject: 'Our terms of use are changing',
    text: [
      'Hello,',
      '',
      'As our terms of use promise to registered users, we write to tell you they change: version {{version}} takes effect on {{effectiveDate}}.',
      '',
      'What changes:',
      '{{summary}}',
      '',
      'Read the terms in full: {{termsLink}}',
      'Continuing to use the website after that date means you accept them.',
      '',
      '{{shop}}',
      '',
      'You receive this notice because the terms apply to you, as a member, a buyer or the owner of one of our pieces; it is sent whatever your choice of release emails.',
      '{{#if unsubscribeLink}}To unsubscribe from release emails with one click: {{unsubscribeLink}}{{/if}}',
    ],
  },
} as const satisfies Record<string, { subject: string; text: readonly string[]; picture?: MailPicture }>;

export type MailTemplate = keyof typeof MAIL_TEMPLATES;

/** The data each template reads: every `{{name}}` it uses (names in `#if` may be empty). */
export type MailData = Record<string, string>;

/** One mail: to whom, which template, and the template's data. */
export interface Mail {
  to: string;
  template: MailTemplate;
  data: MailData;
}

export const DEFAULT_TEMPLATE_PREFIX = 'boutique';

/** The template's name in SES for an environment's prefix. */
export function templateName(template: MailTemplate, prefix = DEFAULT_TEMPLATE_PREFIX): string {
  return `${prefix}-${template}`;
}

/** The template as SES stores it: subject, text part and HTML part. */
export function templateContent(template: MailTemplate): { subject: string; text: string; html: string } {
  const definition: { subject: string; text: readonly string[]; picture?: MailPicture } =
    MAIL_TEMPLATES[template];
  return {
    subject: definition.subject,
    text: definition.text.join('\n'),
    html: htmlPart(definition.text, definition.picture),
  };
}
