/** The CDK app (`cdk.json` runs it with Node 24, which strips the types). */
import { App } from 'aws-cdk-lib';
import { BoutiqueStack } from './stack.ts';

const app = new App();
new BoutiqueStack(app, 'BoutiqueStack', {
  description: 'One-of-one boutique: HTTP API, Lambda handlers, DynamoDB table, media and web buckets',
});
app.synth();
