import { Duration, Fn } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Function as CfFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  PriceClass,
  ResponseHeadersPolicy,
  type ResponseSecurityHeadersBehavior,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { API_PREFIX, MEDIA_PREFIX } from '#shared/constants.ts';
import { MEDIA_REQUEST_CODE, MEDIA_RESPONSE_CODE } from '../edge/media-path.ts';
import {
  appHeaders,
  FRAME_OPTIONS,
  type HeaderSet,
  HSTS,
  mediaHeaders,
  REFERRER_POLICY,
} from '../edge/security-headers.ts';

export interface WebDistributionProps {
  webBucket: IBucket;
  mediaBucket: IBucket;
  /** The private media bucket: the browser loads presigned links to it (authenticity photos). */
  privateMediaBucket: IBucket;
  /** The secret CloudFront adds to every API request (a Secrets Manager dynamic reference). */
  originVerify: string;
  /** Where CloudFront writes its access logs. */
  logsBucket: IBucket;
  api: HttpApi;
  /** A custom domain and its us-east-1 certificate; without them CloudFront's own domain is used. */
  domainName?: string;
  certificate?: ICertificate;
}

/**
 * The shop's one address: the React app from the private web bucket, `/api/*` to the HTTP API
 * and `/media/*` to the public prefixes of the media bucket, all behind one CloudFront
 * distribution with origin access control (no bucket is public), HTTPS only, and the security
 * headers on every answer.
 */
export class WebDistribution extends Construct {
  readonly distribution: Distribution;
  readonly responseHeaders: ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: WebDistributionProps) {
    super(scope, id);

    // Client routes (/women, /products/…) have no file: they get the app's index.html.
    const spaFallback = new CfFunction(this, 'SpaFallback', {
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Client routes of the single-page app are served index.html',
      code: FunctionCode.fromInline(`function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`),
    });

    // /media/<key> → <key>, decoded completely and checked (infra/edge/media-key.js): only
    // plain keys under the public prefixes with a media extension pass.
    const mediaPath = new CfFunction(this, 'MediaPath', {
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Decodes, normalises and checks /media keys: public prefixes and media types only',
      code: FunctionCode.fromInline(MEDIA_REQUEST_CODE),
    });
    // A media answer is the type its key's extension says, whatever it was stored as.
    const mediaType = new CfFunction(this, 'MediaType', {
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Media answers typed by their checked extension',
      code: FunctionCode.fromInline(MEDIA_RESPONSE_CODE),
    });

    // The headers of infra/edge/security-headers.ts, the ones the local gateway sends too.
    const buckets = [props.mediaBucket, props.privateMediaBucket].map(
      (b) => `https://${b.bucketRegionalDomainName}`,
    );
    this.responseHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment:
        'CSP allowing exactly Stripe where the checkout needs it and the film providers; HSTS; no framing',
      securityHeadersBehavior: securityHeadersBehavior(appHeaders({ buckets })),
    });

    // Media are never sniffed and never run as a page of the shop (a stored HTML or SVG file
    // with a script gets a sandbox without scripts).
    const mediaHeaderPolicy = new ResponseHeadersPolicy(this, 'MediaHeaders', {
      comment: 'nosniff and a sandboxing CSP on every media answer; HSTS',
      securityHeadersBehavior: securityHeadersBehavior(mediaHeaders()),
    });

    // The API sees the viewer's address (per-client limits), cookies, query strings and the few
    // headers the handlers read; never Host (API Gateway needs its own).
    const apiRequests = new OriginRequestPolicy(this, 'ApiRequests', {
      comment: 'What the API handlers read from the viewer request',
      headerBehavior: OriginRequestHeaderBehavior.allowList(
        'CloudFront-Viewer-Address',
        'Origin',
        'Sec-Fetch-Site',
        'x-boutique-admin',
        'Content-Type',
        'User-Agent',
      ),
      cookieBehavior: OriginRequestCookieBehavior.all(),
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
    });

    const apiHost = Fn.select(2, Fn.split('/', props.api.apiEndpoint));
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'One-of-one boutique',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: props.logsBucket,
      logFilePrefix: 'cloudfront/',
      priceClass: PriceClass.PRICE_CLASS_ALL,
      // TLS 1.2 or newer needs the shop's own domain and certificate (CloudFront's default
      // *.cloudfront.net certificate cannot be restricted).
      ...(props.domainName && props.certificate
        ? {
            domainNames: [props.domainName],
            certificate: props.certificate,
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(props.webBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        // Hashed assets carry a year-long Cache-Control and index.html no-cache (see WebDeployment).
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeaders,
        compress: true,
        functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        [`${API_PREFIX}/*`]: {
          origin: new HttpOrigin(apiHost, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            // Proves to the functions that a request came through CloudFront (client-address.ts).
            customHeaders: { 'x-origin-verify': props.originVerify },
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: apiRequests,
          responseHeadersPolicy: this.responseHeaders,
        },
        [`${MEDIA_PREFIX}/*`]: {
          origin: S3BucketOrigin.withOriginAccessControl(props.mediaBucket),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: mediaHeaderPolicy,
          compress: true,
          functionAssociations: [
            { function: mediaPath, eventType: FunctionEventType.VIEWER_REQUEST },
            { function: mediaType, eventType: FunctionEventType.VIEWER_RESPONSE },
          ],
        },
      },
    });
  }
}

/**
 * CloudFront's form of a header set of security-headers.ts, every header overriding the
 * origin's. A header of the set that this cannot express fails the synth.
 */
function securityHeadersBehavior(headers: HeaderSet): ResponseSecurityHeadersBehavior {
  const behavior: ResponseSecurityHeadersBehavior = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'content-security-policy')
      Object.assign(behavior, { contentSecurityPolicy: { override: true, contentSecurityPolicy: value } });
    else if (name === 'strict-transport-security')
      Object.assign(behavior, {
        strictTransportSecurity: {
          override: true,
          accessControlMaxAge: Duration.seconds(HSTS.maxAgeSeconds),
          includeSubdomains: HSTS.includeSubdomains,
        },
      });
    else if (name === 'x-frame-options' && value === FRAME_OPTIONS)
      Object.assign(behavior, { frameOptions: { override: true, frameOption: HeadersFrameOption.DENY } });
    else if (name === 'x-content-type-options' && value === 'nosniff')
      Object.assign(behavior, { contentTypeOptions: { override: true } });
    else if (name === 'referrer-policy' && value === REFERRER_POLICY)
      Object.assign(behavior, {
        referrerPolicy: {
          override: true,
          referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        },
      });
    else throw new Error(`security header ${name}: ${value} has no CloudFront form here`);
  }
  return behavior;
}
