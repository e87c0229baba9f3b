import { Stack } from 'aws-cdk-lib';
import { CfnTemplate } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import {
  MAIL_TEMPLATES,
  type MailTemplate,
  templateContent,
  templateName,
} from '#platform/mail-templates.ts';

/**
 * The shop's mail as SES templates, named `<prefix>-<template>` so that the stacks of several
 * environments can share an account. The functions that send mail may use only these.
 */
export class MailTemplates extends Construct {
  readonly prefix: string;
  /** The ARNs of the templates, for the senders' IAM policies. */
  readonly arns: string[] = [];

  constructor(scope: Construct, id: string, props: { prefix: string }) {
    super(scope, id);
    this.prefix = props.prefix;
    for (const template of Object.keys(MAIL_TEMPLATES) as MailTemplate[]) {
      const { subject, text, html } = templateContent(template);
      const name = templateName(template, props.prefix);
      new CfnTemplate(this, template, {
        template: { templateName: name, subjectPart: subject, textPart: text, htmlPart: html },
      });
      this.arns.push(Stack.of(this).formatArn({ service: 'ses', resource: 'template', resourceName: name }));
    }
  }
}
