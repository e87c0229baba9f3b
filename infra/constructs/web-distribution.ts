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
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { API_PREFIX, MEDIA_PREFIX } from '#shared/constants.ts';
import { MEDIA_REQUEST_CODE, MEDIA_RESPONSE_CODE, MEDIA_SECURITY_HEADERS } from '../edge/media-path.ts';

export interface WebDistributionProps {
  webBucket: IBucket;
  mediaBucket: IBucket;
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
    const mediaHost = props.mediaBucket.bucketRegionalDomainName;

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

    this.responseHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'CSP allowing exactly Stripe where the checkout needs it; HSTS; no framing',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          override: true,
          contentSecurityPolicy: [
            "default-src 'self'",
            "script-src 'self' https://js.stripe.com",
            "style-src 'self' 'unsafe-inline'",
            `img-src 'self' data: blob: https://${mediaHost}`,
            "media-src 'self' blob:",
            "font-src 'self'",
            `connect-src 'self' https://api.stripe.com https://${mediaHost}`,
            'frame-src https://js.stripe.com https://hooks.stripe.com',
            "form-action 'self' https://www.paypal.com https://www.sandbox.paypal.com",
            "frame-ancestors 'none'",
            "base-uri 'self'",
            "object-src 'none'",
            'upgrade-insecure-requests',
          ].join('; '),
        },
        strictTransportSecurity: {
          override: true,
          accessControlMaxAge: Duration.days(365),
          includeSubdomains: true,
        },
        frameOptions: { override: true, frameOption: HeadersFrameOption.DENY },
        contentTypeOptions: { override: true },
        referrerPolicy: {
          override: true,
          referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        },
      },
    });

    // Media are never sniffed and never run as a page of the shop (a stored HTML or SVG file
    // with a script gets a sandbox without scripts).
    const mediaHeaders = new ResponseHeadersPolicy(this, 'MediaHeaders', {
      comment: 'nosniff and a sandboxing CSP on every media answer; HSTS',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          override: true,
          contentSecurityPolicy: MEDIA_SECURITY_HEADERS['content-security-policy'],
        },
        contentTypeOptions: { override: true },
        strictTransportSecurity: {
          override: true,
          accessControlMaxAge: Duration.days(365),
          includeSubdomains: true,
        },
        frameOptions: { override: true, frameOption: HeadersFrameOption.DENY },
      },
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
          responseHeadersPolicy: mediaHeaders,
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
