import { Duration, Fn } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  type BehaviorOptions,
  CacheCookieBehavior,
  CachedMethods,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
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
import {
  FunctionUrlOrigin,
  HttpOrigin,
  OriginGroup,
  S3BucketOrigin,
} from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IFunctionUrl } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { MEDIA_PREFIX } from '#shared/constants.ts';
import { staleBoundOf } from '#shared/edge-cache.ts';
import type { Route } from '../../functions/routes.ts';
import {
  API_VIEWER_HEADERS,
  apiBehaviours,
  type CachedBehaviour,
  readKeyOnlyCode,
} from '../edge/api-behaviours.ts';
import { MEDIA_REQUEST_CODE, MEDIA_RESPONSE_CODE } from '../edge/media-path.ts';
import { PAGE_RESPONSE_CODE } from '../edge/page-response.ts';
import { PASSPORT_PATHS, PASSPORT_REQUEST_CODE } from '../edge/passport-path.ts';
import {
  appHeaders,
  FRAME_OPTIONS,
  type HeaderSet,
  HSTS,
  mediaHeaders,
  REFERRER_POLICY,
} from '../edge/security-headers.ts';
import { SPA_FALLBACK_CODE } from '../edge/spa-fallback.ts';

/** What the web bucket answers CloudFront for a key it does not hold: the failover's statuses. */
export const MISSING_OBJECT_STATUSES = [403, 404];

export interface WebDistributionProps {
  webBucket: IBucket;
  /**
   * The renderer of a page the web bucket does not hold yet (infra/constructs/page-rendering.ts,
   * MissingPages): the web behaviour's failover origin.
   */
  missingPages: IFunctionUrl;
  mediaBucket: IBucket;
  /** The private media bucket: the browser loads presigned links to it (authenticity photos). */
  privateMediaBucket: IBucket;
  /** The secret CloudFront adds to every API request (a Secrets Manager dynamic reference). */
  originVerify: string;
  /** Where CloudFront writes its access logs. */
  logsBucket: IBucket;
  api: HttpApi;
  /** The route table: its storefront reads get caching behaviours (infra/edge/api-behaviours.ts). */
  routes: readonly Route[];
  /** A custom domain and its us-east-1 certificate; without them CloudFront's own domain is used. */
  domainName?: string;
  certificate?: ICertificate;
}

/**
 * The shop's one address: the React app from the private web bucket, `/api/*` to the HTTP API
 * and `/media/*` to the public prefixes of the media bucket, all behind one CloudFront
 * distribution with origin access control (no bucket is public), HTTPS only, and the security
 * headers on every answer. The storefront reads of the route table are cached at the edge,
 * each by its own behaviour; the rest of `/api` never is (infra/edge/api-behaviours.ts).
 */
export class WebDistribution extends Construct {
  readonly distribution: Distribution;
  readonly responseHeaders: ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: WebDistributionProps) {
    super(scope, id);

    // Client routes (/women, /products/…) have no file: they get the app's index.html; /verify,
    // the passport's own page, its verify.html (infra/edge/spa-fallback.js, run by the gateway too).
    const spaFallback = new CfFunction(this, 'SpaFallback', {
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Public pages from their rendered file, other client routes index.html, /verify verify.html',
      code: FunctionCode.fromInline(SPA_FALLBACK_CODE),
    });
    const pageStatus = new CfFunction(this, 'PageStatus', {
      runtime: FunctionRuntime.JS_2_0,
      comment: "A rendered page answers with its object's status metadata (404 for a piece that is gone)",
      code: FunctionCode.fromInline(PAGE_RESPONSE_CODE),
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

    // One origin (one origin access control) for the media bucket's behaviours.
    const mediaOrigin = S3BucketOrigin.withOriginAccessControl(props.mediaBucket);

    // The passport's public files (docs/passport.md): /passport/<file> → passport/<file> of the
    // media bucket, the key set's well-known name → passport/keys.json; nothing else under them.
    const passportPath = new CfFunction(this, 'PassportPath', {
      runtime: FunctionRuntime.JS_2_0,
      comment: "The passport's public files: the log's tiles and checkpoint, the key set, the export",
      code: FunctionCode.fromInline(PASSPORT_REQUEST_CODE),
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
        ...API_VIEWER_HEADERS,
      ),
      cookieBehavior: OriginRequestCookieBehavior.all(),
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
    });

    const apiHost = Fn.select(2, Fn.split('/', props.api.apiEndpoint));
    const apiOrigin = new HttpOrigin(apiHost, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      // Proves to the functions that a request came through CloudFront (client-address.ts).
      customHeaders: { 'x-origin-verify': props.originVerify },
    });
    // Everything under /api that is not a storefront read: never cached, all the API reads.
    const uncachedApi: BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: apiRequests,
      responseHeadersPolicy: this.responseHeaders,
    };

    // Storefront reads from the edge (shared/edge-cache.ts): the key is the path and exactly the
    // query the read takes; the origin's Cache-Control decides how long, never past the class's
    // bound. No origin request policy: the origin gets the key and nothing else (and the
    // origin-verify header, set on the origin).
    // One policy per class, with the query in the key: the viewer-request function has already cut
    // the query down to the read's own parameters (readKeyOnlyCode).
    const cachePolicies = new Map<string, CachePolicy>();
    const cachePolicyOf = (behaviour: CachedBehaviour): CachePolicy => {
      const name = behaviour.cache;
      const existing = cachePolicies.get(name);
      if (existing) return existing;
      const bound = staleBoundOf(behaviour.cache);
      const policy = new CachePolicy(this, `EdgeCache-${name}`, {
        comment: `Storefront ${behaviour.cache} reads: path + the read's own query; at most ${bound} s`,
        minTtl: Duration.seconds(0),
        defaultTtl: Duration.seconds(0),
        maxTtl: Duration.seconds(bound),
        cookieBehavior: CacheCookieBehavior.none(),
        headerBehavior: CacheHeaderBehavior.none(),
        queryStringBehavior: CacheQueryStringBehavior.all(),
        enableAcceptEncodingGzip: true,
        enableAcceptEncodingBrotli: true,
      });
      cachePolicies.set(name, policy);
      return policy;
    };
    const plan = apiBehaviours(props.routes);
    // Every read's GET and HEAD are cut down to their key at the edge (path, the read's query).
    const readKeyOnly = new CfFunction(this, 'ReadKeyOnly', {
      runtime: FunctionRuntime.JS_2_0,
      comment: 'GET and HEAD of a cached read: its own query only, no cookie, no API header',
      code: FunctionCode.fromInline(readKeyOnlyCode(plan)),
    });
    const apiBehaviors: Record<string, BehaviorOptions> = {};
    for (const behaviour of plan) {
      if (behaviour.kind === 'pass') {
        apiBehaviors[behaviour.pattern] = uncachedApi;
        continue;
      }
      apiBehaviors[behaviour.pattern] = {
        origin: apiOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: behaviour.shared ? AllowedMethods.ALLOW_ALL : AllowedMethods.ALLOW_GET_HEAD,
        cachedMethods: CachedMethods.CACHE_GET_HEAD,
        cachePolicy: cachePolicyOf(behaviour),
        responseHeadersPolicy: this.responseHeaders,
        compress: true,
        functionAssociations: [{ function: readKeyOnly, eventType: FunctionEventType.VIEWER_REQUEST }],
        // A path staff also write to forwards what the API needs; its reads were cut to the key.
        ...(behaviour.shared ? { originRequestPolicy: apiRequests } : {}),
      };
    }
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
        // The web bucket, and where it has no such object (S3 answers 403 to CloudFront's origin
        // access, which may not list, and 404 to none here) the on-demand renderer, asked with the
        // path the viewer-request function chose: a page's key (/pages/….html) is rendered,
        // written and answered; anything else is its 404 (functions/pages/http/render-missing.ts).
        // An origin group serves GET and HEAD only, as this behaviour does.
        origin: new OriginGroup({
          primaryOrigin: S3BucketOrigin.withOriginAccessControl(props.webBucket),
          fallbackOrigin: FunctionUrlOrigin.withOriginAccessControl(props.missingPages),
          fallbackStatusCodes: MISSING_OBJECT_STATUSES,
        }),
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        // Hashed assets carry a year-long Cache-Control and index.html no-cache (see WebDeployment).
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeaders,
        compress: true,
        functionAssociations: [
          { function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST },
          { function: pageStatus, eventType: FunctionEventType.VIEWER_RESPONSE },
        ],
      },
      // CloudFront keeps an error answer 10 s unless told otherwise, whatever its Cache-Control:
      // a read's 404 (a piece not shown yet) must not outlive the 3 s of availability reads.
      // A server failure is not kept either: one bad moment of the origin must not be served to all.
      errorResponses: [404, 500, 502, 503, 504].map((httpStatus) => ({
        httpStatus,
        ttl: Duration.seconds(0),
      })),
      // In CloudFront's order: the reads (and the routes their patterns would catch) before /api/*.
      additionalBehaviors: {
        ...apiBehaviors,
        // Typed and cached as their writers stored them: the checkpoint and the keys for 60 s,
        // full tiles for good (functions/passport/log-sequencer.ts).
        ...Object.fromEntries(
          [`${PASSPORT_PATHS.prefix}*`, PASSPORT_PATHS.keys].map((pattern) => [
            pattern,
            {
              origin: mediaOrigin,
              viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
              cachePolicy: CachePolicy.CACHING_OPTIMIZED,
              responseHeadersPolicy: mediaHeaderPolicy,
              compress: true,
              functionAssociations: [{ function: passportPath, eventType: FunctionEventType.VIEWER_REQUEST }],
            },
          ]),
        ),
        [`${MEDIA_PREFIX}/*`]: {
          origin: mediaOrigin,
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
